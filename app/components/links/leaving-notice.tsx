import type { ReactNode } from "react";
import { buttonVariants } from "~/components/ui/button";

/** What the leave-site warning says, as a page without JavaScript or a dialog with it. */
export function LeavingText({ host, id }: { host: string; id?: string }) {
  return (
    <p id={id} className="text-sm text-slate-700">
      This link opens <span className="font-medium text-slate-900">{host}</span>, a site we don't run. What it shows, and what it does with
      your information, is up to that site.
    </p>
  );
}

/** 'Go Back' (a link or a button, as the caller's way back is) and 'Proceed Anyway', a plain link to the other site. */
export function LeavingActions({ url, goBack }: { url: string; goBack: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {goBack}
      <a href={url} rel="noopener noreferrer" className={buttonVariants()}>
        Proceed Anyway
      </a>
    </div>
  );
}
