import { Form, useNavigate } from "@remix-run/react";
import { Icon } from "~/components/ui/icons";
import { useId } from "react";
import { cn } from "~/utils/cn";
import { PeopleCombobox, type LookupOption } from "./people-combobox";

/** Where choosing an option of the header's lookup goes: a person's profile, or a group's members. */
function destination(option: LookupOption) {
  return option.person ? `/profile/${option.person.id}` : `/people?group=${option.group!.id}`;
}

/**
 * The header's employee lookup: a search form for /people without JavaScript,
 * a combobox with it whose choice opens the person's profile or the group's
 * members (Enter with nothing chosen shows the full results).
 */
export function PeopleLookup({ className }: { className?: string }) {
  const id = useId();
  const navigate = useNavigate();
  return (
    <Form method="get" action="/people" role="search" aria-label="People lookup" className={cn("relative", className)}>
      <label htmlFor={`${id}-input`} className="sr-only">
        Find people
      </label>
      <div className="flex items-center rounded-md bg-white/10 focus-within:bg-white focus-within:text-slate-900">
        <PeopleCombobox
          id={`${id}-input`}
          name="q"
          purpose="people"
          placeholder="Find people"
          onChoose={(option) => navigate(destination(option))}
          className="h-9 w-48 bg-transparent px-3 text-sm placeholder:text-current placeholder:opacity-80 focus:outline-none"
          listClassName="top-11"
        />
        <button type="submit" aria-label="Search people" className="p-2">
          <Icon name="search" className="size-4" />
        </button>
      </div>
    </Form>
  );
}
