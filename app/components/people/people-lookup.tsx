import { Form, useFetcher, useNavigate } from "@remix-run/react";
import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Avatar } from "~/components/shell/avatar";
import { MIN_QUERY_LENGTH, NO_NAMES_FOUND, type GroupOption, type PersonOption } from "~/modules/people/people";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";

type Found = { tooShort: true } | { tooShort: false; people: PersonOption[]; groups: GroupOption[] };

interface Option {
  key: string;
  to: string;
  label: string;
  person?: PersonOption;
  group?: GroupOption;
}

function optionsOf(found: Found | undefined): Option[] {
  if (!found || found.tooShort) return [];
  return [
    ...found.people.map((person) => ({ key: `p${person.id}`, to: `/profile/${person.id}`, label: person.displayName, person })),
    ...found.groups.map((group) => ({ key: `g${group.id}`, to: `/people?group=${group.id}`, label: group.name, group })),
  ];
}

function announcement(found: Found | undefined) {
  if (!found || found.tooShort) return "";
  const { people, groups } = found;
  if (people.length + groups.length === 0) return NO_NAMES_FOUND;
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `${count(people.length, "person", "people")} and ${count(groups.length, "group", "groups")} found. Use the arrow keys to choose.`;
}

/**
 * The header's employee lookup. Without JavaScript it is a search form for
 * /people. With it, it is a combobox (WAI-ARIA 1.2): from 3 characters it
 * offers people and groups as one types, the arrow keys move through them,
 * Enter opens the one chosen (or the full results), Escape closes, and a live
 * region says how many were found.
 */
export function PeopleLookup({ className }: { className?: string }) {
  const id = useId();
  const listId = `${id}-list`;
  const fetcher = useFetcher<Found>();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const found = text.trim().length >= MIN_QUERY_LENGTH ? fetcher.data : undefined;
  const options = optionsOf(found);
  const expanded = open && found !== undefined && !found.tooShort;

  const search = (value: string) => {
    setText(value);
    setActive(-1);
    setOpen(true);
    clearTimeout(timer.current);
    if (value.trim().length >= MIN_QUERY_LENGTH) {
      timer.current = setTimeout(() => fetcher.load(`/people/search?for=people&q=${encodeURIComponent(value)}`), 200);
    }
  };

  const choose = (option: Option) => {
    setOpen(false);
    setText("");
    navigate(option.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === "Enter" && expanded && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <Form method="get" action="/people" role="search" aria-label="People lookup" className={cn("relative", className)} onSubmit={() => setOpen(false)}>
      <label htmlFor={`${id}-input`} className="sr-only">
        Find people
      </label>
      <div className="flex items-center rounded-md bg-white/10 focus-within:bg-white focus-within:text-slate-900">
        <input
          id={`${id}-input`}
          name="q"
          type="search"
          autoComplete="off"
          placeholder="Find people"
          value={text}
          onChange={(event) => search(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          {...(hydrated
            ? {
                role: "combobox",
                "aria-expanded": expanded,
                "aria-controls": listId,
                "aria-autocomplete": "list" as const,
                "aria-activedescendant": expanded && active >= 0 ? `${listId}-${options[active]?.key}` : undefined,
              }
            : {})}
          className="h-9 w-48 bg-transparent px-3 text-sm placeholder:text-current placeholder:opacity-80 focus:outline-none"
        />
        <button type="submit" aria-label="Search people" className="p-2">
          <Search aria-hidden className="size-4" />
        </button>
      </div>
      {hydrated ? (
        <>
          <ul
            id={listId}
            role="listbox"
            aria-label="People and groups"
            hidden={!expanded || options.length === 0}
            className="absolute left-0 top-11 z-50 w-72 rounded-md border border-slate-200 bg-white py-1 text-slate-900 shadow-lg"
          >
            {options.map((option, index) => (
              <li
                key={option.key}
                id={`${listId}-${option.key}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                className={cn("flex cursor-pointer items-center gap-2 px-3 py-2", index === active && "bg-slate-100")}
              >
                {option.person ? (
                  <>
                    <Avatar id={option.person.id} firstName={option.person.firstName} lastName={option.person.lastName} src={option.person.avatarUrl} className="size-8 text-xs" />
                    <span>
                      <span className="block text-sm font-medium">{option.label}</span>
                      {option.person.jobTitle ? <span className="block text-xs text-slate-600">{option.person.jobTitle}</span> : null}
                    </span>
                  </>
                ) : (
                  <span className="text-sm">
                    {option.label} <span className="text-xs text-slate-600">(group of {option.group!.count})</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
          {expanded && options.length === 0 ? (
            <p className="absolute left-0 top-11 z-50 w-72 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700 shadow-lg">{NO_NAMES_FOUND}</p>
          ) : null}
          <p aria-live="polite" className="sr-only">
            {open ? announcement(found) : ""}
          </p>
        </>
      ) : null}
    </Form>
  );
}
