import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { shownSlots } from "~/modules/plugins/lazy-slot";
import { registry } from "~/modules/plugins/installed";
import { VIEWER_ZONE_COOKIE } from "~/modules/time/viewer-zone";

// Says which time zone this browser is in, so the server names the program's zone in times only where it differs.
document.cookie = `${VIEWER_ZONE_COOKIE}=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}; path=/; max-age=31536000; samesite=lax`;

// The code of the cards and items the page shows comes first: hydration then never meets a part still
// waiting for it (see SlotFrame). A part whose code fails to load fails alone, as any error in it would.
registry
  .preloadSlots(shownSlots(document))
  .catch(() => undefined)
  .then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <RemixBrowser />
        </StrictMode>,
      );
    }),
  );
