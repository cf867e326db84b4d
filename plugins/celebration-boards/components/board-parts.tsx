import { Link } from "@remix-run/react";
import { Avatar } from "~/components/shell/avatar";
import { StatusBadge } from "~/components/ui/status-badge";
import type { PersonShown } from "~/modules/people/people";
import { calendarDayText } from "~/modules/time/calendar-days";
import { cn } from "~/utils/cn";
import { categoryTones, type BoardCategory } from "../categories";
import type { BoardStatus } from "../schema";

/** Where the boards' pages go. */
export const BOARDS = "/celebration-board";

/** A board's state in a word, from the viewer's calendar day. */
export function BoardStatusBadge({ status, closesOn, today }: { status: BoardStatus; closesOn: string; today: string }) {
  if (status === "APPROVED") return <StatusBadge tone="positive">Delivered</StatusBadge>;
  return closesOn >= today ? <StatusBadge tone="neutral">Open until {calendarDayText(closesOn)}</StatusBadge> : <StatusBadge tone="neutral">Closed, waiting to be delivered</StatusBadge>;
}

/** A person's picture and name; a link to their profile when `linked` (not on the public page). */
export function BoardPerson({ person, linked = true, className }: { person: PersonShown; linked?: boolean; className?: string }) {
  const body = (
    <>
      <Avatar id={person.id} firstName={person.firstName} lastName={person.lastName} src={linked ? person.avatarUrl : null} className="size-8 text-xs" />
      <span className="font-medium">{person.displayName}</span>
    </>
  );
  return linked ? (
    <Link to={`/profile/${person.id}`} className={cn("inline-flex items-center gap-2 hover:underline", className)}>
      {body}
    </Link>
  ) : (
    <span className={cn("inline-flex items-center gap-2", className)}>{body}</span>
  );
}

/** The board's banner: its category, title and recipient, in the category's colours. */
export function BoardBanner({ category, categoryText, title, recipient, linked = true }: { category: BoardCategory; categoryText: string; title: string; recipient: PersonShown; linked?: boolean }) {
  return (
    <header className={cn("flex flex-col gap-2 rounded-lg p-6", categoryTones[category])}>
      <p className="text-sm font-semibold tracking-wide uppercase">{categoryText}</p>
      <h1 className="text-2xl font-semibold break-words">{title}</h1>
      <p className="flex flex-wrap items-center gap-2">
        For <BoardPerson person={recipient} linked={linked} />
      </p>
    </header>
  );
}

/** The contributions, each its author, picture and words. */
export function ContributionList({
  contributions,
  linked = true,
  actions,
}: {
  contributions: { id: number; author: PersonShown; message: string; picture: string | null }[];
  linked?: boolean;
  actions?: (contribution: { id: number; author: PersonShown }) => React.ReactNode;
}) {
  if (contributions.length === 0) return <p className="text-slate-700">No messages yet.</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {contributions.map((contribution) => (
        <li key={contribution.id} className="card flex flex-col gap-3 p-4">
          <BoardPerson person={contribution.author} linked={linked} />
          {contribution.picture ? <img src={contribution.picture} alt={`A picture from ${contribution.author.displayName}`} width={305} height={244} className="aspect-[5/4] w-full rounded-md object-cover" /> : null}
          <p className="whitespace-pre-line break-words">{contribution.message}</p>
          {actions?.(contribution)}
        </li>
      ))}
    </ul>
  );
}
