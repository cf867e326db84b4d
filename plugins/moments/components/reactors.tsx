import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { Avatar } from "~/components/shell/avatar";
import { Card, CardTitle } from "~/components/ui/card";
import { cn } from "~/utils/cn";
import type { Reactors } from "../reactors.server";
import { reactionType } from "../rules";

function Tab({ to, current, children }: { to: string; current: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      aria-current={current ? "page" : undefined}
      className={cn("rounded-full px-3 py-1 text-sm", current ? "bg-slate-900 text-white" : "bg-slate-100 text-slate-800 hover:bg-slate-200")}
    >
      {children}
    </Link>
  );
}

/** Who reacted to a post; filter tabs by type (links, so they work without JavaScript) when the program enables more than one. */
export function ReactorList({ reactors, postId, filter }: { reactors: Reactors; postId: number; filter: number | null }) {
  const total = reactors.counts.reduce((sum, entry) => sum + entry.count, 0);
  if (total === 0) return null;
  return (
    <Card aria-labelledby="reactors-title" className="flex flex-col gap-3">
      <CardTitle id="reactors-title">Reactions</CardTitle>
      {reactors.counts.length > 1 ? (
        <nav aria-label="Filter reactions" className="flex flex-wrap gap-2">
          <Tab to={`/post/${postId}`} current={filter === null}>
            All {total}
          </Tab>
          {reactors.counts
            .filter((entry) => entry.count > 0)
            .map((entry) => (
              <Tab key={entry.type} to={`/post/${postId}?reaction=${entry.type}`} current={filter === entry.type}>
                <span aria-hidden>{reactionType(entry.type)?.emoji} </span>
                {reactionType(entry.type)?.label} {entry.count}
              </Tab>
            ))}
        </nav>
      ) : null}
      <ul className="flex flex-col gap-2">
        {reactors.people.map((person) => (
          <li key={person.id} className="flex items-center gap-3 text-sm">
            <Avatar id={person.id} firstName={person.firstName} lastName={person.lastName} className="size-8 text-xs" />
            <Link to={`/profile/${person.id}`} className="flex-1 hover:underline">
              {person.displayName}
            </Link>
            <span>
              <span aria-hidden>{reactionType(person.type)?.emoji} </span>
              {reactionType(person.type)?.label}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
