import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { LEAVING_TITLE, leavingPath } from "~/modules/links/links";
import { LeavingActions, LeavingText } from "./leaving-notice";

/** The leave-site warning as a modal dialog (the browser's own: focus kept inside, Escape closes it). */
function LeavingDialog({ url, host, onClose }: { url: string; host: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="leaving-title"
      aria-describedby="leaving-text"
      className="m-auto w-full max-w-md rounded-lg p-6 text-left shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="flex flex-col gap-4">
        <h2 id="leaving-title" className="text-lg font-semibold text-slate-900">
          {LEAVING_TITLE}
        </h2>
        <LeavingText id="leaving-text" host={host} />
        <LeavingActions
          url={url}
          goBack={
            <Button type="button" variant="outline" onClick={() => dialog.current?.close()} autoFocus>
              Go Back
            </Button>
          }
        />
      </div>
    </dialog>
  );
}

/**
 * A link that may leave the site (spec: Links). One known to be to the
 * program's own site (`internal`) is a plain link. Any other goes through the
 * leave-site warning: without JavaScript the /leaving page (which sends a link
 * to this site straight there), with it a dialog in place, unless the link
 * turns out to be to the site the browser is on.
 */
export function OutboundLink({ url, host, internal = false, className, children }: { url: string; host: string; internal?: boolean; className?: string; children: ReactNode }) {
  const location = useLocation();
  const [warning, setWarning] = useState(false);
  if (internal) {
    return (
      <a href={url} className={className}>
        {children}
      </a>
    );
  }
  return (
    <>
      <a
        href={leavingPath(url, `${location.pathname}${location.search}`)}
        className={className}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0 || host === window.location.hostname) return;
          event.preventDefault();
          setWarning(true);
        }}
      >
        {children}
      </a>
      {warning ? <LeavingDialog url={url} host={host} onClose={() => setWarning(false)} /> : null}
    </>
  );
}
