import { Link } from "@remix-run/react";
import { Avatar } from "~/components/shell/avatar";
import type { PersonShown } from "~/modules/people/people";
import { Icon } from "../icons";
import type { MilestoneEvent } from "../rules";

export interface MilestoneRowData {
  foreignId: string;
  event: MilestoneEvent;
  label: string;
  day: string;
  person: PersonShown;
  actions: { label: string; href: string }[];
}

const icons = { BIRTHDAY: "cake", ANNIVERSARY: "award", MILESTONE: "flag" } as const;

/** A milestone's kind as an icon (its label says it in words), sized by `className` or by its row's styles. */
export function MilestoneIcon({ event, className }: { event: MilestoneEvent; className?: string }) {
  return <Icon name={icons[event]} className={className} />;
}

/** One milestone's row (inside a `milestone-rows` list's item, or a `milestone-row`): who, what (linking to its page), and what the viewer may do (Send eCard). */
export function MilestoneRow({ milestone }: { milestone: MilestoneRowData }) {
  const { person } = milestone;
  return (
    <>
      <Avatar id={person.id} firstName={person.firstName} lastName={person.lastName} src={person.avatarUrl} />
      <div>
        <Link to={`/profile/${person.id}`}>
          {person.displayName}
        </Link>
        <Link to={`/milestone-detail/${milestone.foreignId}`}>
          <MilestoneIcon event={milestone.event} />
          {milestone.label}
        </Link>
      </div>
      {milestone.actions.map((action) => (
        <Link key={action.href} to={action.href} className="btn btn-outline btn-sm">
          {action.label}
          <span className="sr-only">{` (${person.displayName}, ${milestone.label})`}</span>
        </Link>
      ))}
    </>
  );
}
