import { Link } from "@remix-run/react";
import { LocalDate } from "~/components/local-date";
import { Button } from "~/components/ui/button";
import { formatPoints } from "~/modules/points/accounts";
import type { EcardListItem } from "../read.server";
import { boxPaths, type Box } from "../rules";
import { dayWords } from "./ecard-face";

const boxTitles: Record<Box, string> = { received: "Received", sent: "Sent", manager: "Copies for managers" };

/** The three boxes' tabs: received, sent, and (for managers) the copies of their reports' cards. */
export function BoxTabs({ box, isSupervisor }: { box: Box; isSupervisor: boolean }) {
  const shown: Box[] = isSupervisor ? ["received", "sent", "manager"] : ["received", "sent"];
  return (
    <nav aria-label="eCard boxes" className="flex flex-wrap gap-2">
      {shown.map((each) => (
        <Link
          key={each}
          to={boxPaths[each]}
          aria-current={each === box ? "page" : undefined}
          className="rounded-full border border-slate-300 px-3 py-1 text-sm aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-white"
        >
          {boxTitles[each]}
        </Link>
      ))}
    </nav>
  );
}

function statusLine(item: EcardListItem) {
  if (item.status === "SCHEDULED") return `Scheduled for ${dayWords(item.sendOn)}`;
  if (item.status === "CANCELLED") return "Cancelled";
  return null;
}

/** A page of a box, newest first: each card's design, who, the start of its message, points; unread ones marked. */
export function EcardList({ box, items, page, more }: { box: Box; items: EcardListItem[]; page: number; more: boolean }) {
  if (items.length === 0) return <p className="text-slate-700">{box === "sent" ? "You haven't sent any eCards yet." : "No eCards here yet."}</p>;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {items.map((item) => {
          const status = statusLine(item);
          return (
            <li key={item.id}>
              <Link to={`${boxPaths[box]}/${item.id}`} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3 hover:border-brand">
                <img src={item.design.src} alt="" width={160} height={90} loading="lazy" className="aspect-video h-auto w-32 shrink-0 rounded sm:w-40" />
                <span className="flex min-w-0 flex-col gap-1">
                  <span className="font-semibold">
                    {item.unread ? <span className="mr-2 rounded bg-brand px-1.5 py-0.5 text-xs text-white">New</span> : null}
                    {box === "sent" ? `To ${item.to.join(", ")}` : box === "manager" ? `${item.from} to ${item.to.join(", ")}` : `From ${item.from}`}
                  </span>
                  <span className="line-clamp-2 text-sm text-slate-700">{item.message}</span>
                  <span className="text-xs text-slate-600">
                    {status ?? (item.sentAt ? <LocalDate iso={item.sentAt} /> : null)}
                    {item.points ? ` · ${formatPoints(item.points)} points` : null}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <nav aria-label="Pages" className="flex gap-2">
        {page > 1 ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`?page=${page - 1}`}>Newer</Link>
          </Button>
        ) : null}
        {more ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`?page=${page + 1}`}>Older</Link>
          </Button>
        ) : null}
      </nav>
    </div>
  );
}
