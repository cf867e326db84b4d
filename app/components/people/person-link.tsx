import { Link } from "@remix-run/react";
import { Avatar } from "~/components/shell/avatar";
import type { PersonOption } from "~/modules/people/people";

/** A person as a line of a list: avatar, name and title, linking to their profile. */
export function PersonLink({ person }: { person: PersonOption }) {
  return (
    <Link to={`/profile/${person.id}`} className="flex items-center gap-3 rounded px-2 py-2 hover:bg-slate-100">
      <Avatar id={person.id} firstName={person.firstName} lastName={person.lastName} src={person.avatarUrl} />
      <span>
        <span className="block font-medium text-slate-900">{person.displayName}</span>
        {person.jobTitle ? <span className="block text-sm text-slate-600">{person.jobTitle}</span> : null}
      </span>
    </Link>
  );
}
