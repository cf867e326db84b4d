import { Link, useLocation, useRevalidator } from "@remix-run/react";
import { Card, CardTitle } from "~/components/ui/card";

export interface ApprovalsCardData {
  /** Each kind of request waiting for the viewer (a plugin's, or the core's), with how many wait (null when unknown). */
  waiting: { label: string; to: string; count: number | null }[];
  /** The counts could not be read: the card says so and offers a retry. */
  failed: boolean;
}

/** The spec's 'Something went wrong loading approvals': a retry reloads the page without JavaScript, and only its data with it. */
function ApprovalsUnavailable() {
  const location = useLocation();
  const revalidator = useRevalidator();
  return (
    <p role="alert" className="flex flex-col gap-2 text-sm text-slate-700">
      Something went wrong loading approvals
      <Link
        to={location.pathname + location.search}
        reloadDocument
        onClick={(event) => {
          event.preventDefault();
          revalidator.revalidate();
        }}
        className="self-start font-medium text-brand underline underline-offset-2"
      >
        Retry
      </Link>
    </p>
  );
}

/** The home page's approvals card: what waits for the viewer's decision, each linking to its list. Absent when nothing can. */
export function ApprovalsCard({ data }: { data: ApprovalsCardData }) {
  if (data.waiting.length === 0) return null;
  return (
    <Card>
      <CardTitle>Approvals</CardTitle>
      {data.failed ? (
        <ApprovalsUnavailable />
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {data.waiting.map((kind) => (
            <li key={kind.to}>
              <Link to={kind.to} className="flex justify-between rounded px-1 py-1 hover:bg-slate-50">
                <span className="text-brand underline-offset-2 hover:underline">{kind.label}</span>
                <span className="font-semibold" aria-label={`${kind.count} waiting`}>
                  {kind.count}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
