import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the server HTML and until hydration; true once JavaScript runs. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
