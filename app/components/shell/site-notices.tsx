import { useFetcher, useLocation } from "@remix-run/react";
import { Icon } from "~/components/ui/icons";
import type { ShownNotice } from "~/modules/shell/notices";
import { cn } from "~/utils/cn";
import { moveFocusAfterClosing } from "~/utils/focus";
import { alertStyles } from "./alert-styles";

function Notice({ notice }: { notice: ShownNotice }) {
  const fetcher = useFetcher();
  const location = useLocation();
  if (fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <div role={notice.type === "error" ? "alert" : "status"} className={cn("flex items-start gap-3 border-b px-4 py-3 text-sm lg:px-6", alertStyles[notice.type])}>
      <p className="flex-1">{notice.message}</p>
      {notice.closeable ? (
        <fetcher.Form
          method="post"
          action="/notices/dismiss"
          onSubmit={(event) => moveFocusAfterClosing(event.currentTarget.querySelector("[data-close-notice]")!, document.querySelectorAll("[data-close-notice]"))}
        >
          <input type="hidden" name="noticeKey" value={notice.key} />
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <button type="submit" data-close-notice className="rounded p-1 hover:bg-black/5" aria-label="Close notice">
            <Icon name="x" className="size-4" />
          </button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}

/** The spec's site notices: one global, one program; each closeable by type. */
export function SiteNotices({ notices }: { notices: ShownNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <section aria-label="Site notices">
      {notices.map((notice) => (
        <Notice key={notice.key} notice={notice} />
      ))}
    </section>
  );
}
