import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { registry } from "~/modules/plugins/installed";

// The page hydrates once the code of the cards and items the server rendered is here (see
// preloadRendered); if a chunk fails to load, it hydrates anyway and that part loads on its own.
void registry
  .preloadRendered(document)
  .catch(() => {})
  .finally(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <RemixBrowser />
        </StrictMode>,
      );
    });
  });
