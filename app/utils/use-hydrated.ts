import { startTransition, useEffect, useState } from "react";

/**
 * False in the server HTML and until this part of the page has hydrated; true
 * once its JavaScript runs. The switch is a transition, never a sync update: a
 * sync re-render that reaches a part still waiting for its code (a lazy card
 * or feed item) makes React drop that part's server HTML and render it afresh,
 * losing what was typed or clicked there; a transition waits for the code.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
