import { Icon } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import type { Toast } from "~/modules/auth/session.server";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";
import { moveFocusAfterClosing } from "~/utils/focus";
import { alertStyles } from "./alert-styles";

export const SNACKBAR_AUTO_CLOSE_MS = 5000;

/**
 * The flash message after a redirect. With JavaScript it floats, closes after
 * 5 seconds unless persistent, and has a close button; without, it is a plain
 * banner at the top of the page.
 */
export function Snackbar({ toast }: { toast: Toast | null }) {
  const hydrated = useHydrated();
  const [closed, setClosed] = useState<Toast | null>(null);
  const open = toast !== null && closed !== toast;

  useEffect(() => {
    if (!toast || toast.persistent) return;
    const timer = setTimeout(() => setClosed(toast), SNACKBAR_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  if (!open) return null;
  return (
    <section aria-label="Message">
      <div
        role={toast.type === "error" ? "alert" : "status"}
        data-testid="snackbar"
        className={cn(
          "flex items-start gap-3 border px-4 py-3 text-sm",
          alertStyles[toast.type],
          hydrated ? "fixed bottom-20 left-1/2 z-50 w-[min(90vw,32rem)] -translate-x-1/2 rounded-lg shadow-lg lg:bottom-6" : "border-x-0",
        )}
      >
        <p className="flex-1">{toast.message}</p>
        {hydrated ? (
          <button type="button" onClick={(event) => {
              moveFocusAfterClosing(event.currentTarget);
              setClosed(toast);
            }} className="rounded p-1 hover:bg-black/5" aria-label="Close message">
            <Icon name="x" className="size-4" />
          </button>
        ) : null}
      </div>
    </section>
  );
}
