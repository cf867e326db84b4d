import type { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Calls `onSuccess` when a fetcher's submission ended in a redirect (its data
 * stays empty), the way this app's actions answer success; errors come back as data.
 */
export function useFetcherSuccess(fetcher: ReturnType<typeof useFetcher>, onSuccess: () => void) {
  const submitted = useRef(false);
  useEffect(() => {
    if (fetcher.state === "submitting") submitted.current = true;
    if (fetcher.state === "idle" && submitted.current) {
      submitted.current = false;
      if (fetcher.data === undefined) onSuccess();
    }
  }, [fetcher.state, fetcher.data, onSuccess]);
}
