import { Link } from "@remix-run/react";
import { Avatar } from "~/components/shell/avatar";
import { Icon } from "../icons";
import type { MilestoneEvent } from "../rules";

export interface MilestoneRowData {
  foreignId: string;
  event: MilestoneEvent;
  label: string;
  day: string;
  person: { id: number; displayName: string; firstName: string; lastName: string; jobTitle: string | null; avatarUrl: string | null };
  actions: { label: string; href: string }[];
}

const icons = { BIRTHDAY: "cake", ANNIVERSARY: "award", MILESTONE: "flag" } as const;

/** A milestone's kind as a small icon (its label says it in words). */
export function MilestoneIcon({ event, className }: { event: MilestoneEvent; className?: string }) {
  return <Icon name={icons[event]} className={className ?? "size-4 text-brand"} />;
}

/** One milestone in a list: who, what (linking to its page), and what the viewer may do (Send eCard). */
export function MilestoneRow({ milestone }: { milestone: MilestoneRowData }) {
  const { person } = milestone;
  return (
    <div className="flex items-center gap-3 py-2">
      <Avatar id={person.id} firstName={person.firstName} lastName={person.lastName} src={person.avatarUrl} className="size-9 text-xs" />
      <div className="min-w-0 flex-1">
        <Link to={`/profile/${person.id}`} className="block truncate font-medium text-slate-900 hover:underline">
          {person.displayName}
        </Link>
        <Link to={`/milestone-detail/${milestone.foreignId}`} className="inline-flex min-h-6 items-center gap-1 text-sm text-slate-700 hover:underline">
          <MilestoneIcon event={milestone.event} />
          {milestone.label}
        </Link>
      </div>
      {milestone.actions.map((action) => (
        <Link key={action.href} to={action.href} className="btn btn-outline btn-sm shrink-0">
          {action.label}
          <span className="sr-only">{` (${person.displayName}, ${milestone.label})`}</span>
        </Link>
      ))}
    </div>
  );
}
