import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Avatar } from "~/components/shell/avatar";
import { GroupAvatar } from "~/components/people/group-avatar";
import { MIN_QUERY_LENGTH, NO_NAMES_FOUND, shortcutLabels, type GroupOption, type PersonOption, type Shortcut } from "~/modules/people/people";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";

type Found = { tooShort: true } | { tooShort: false; people: PersonOption[]; groups: GroupOption[]; shortcuts: Shortcut[] };

/** One offer of the lookup. `value` is the picker's form value: "e<employee id>", "g<group id>" or "s<shortcut>". */
export interface LookupOption {
  value: string;
  label: string;
  person?: PersonOption;
  group?: GroupOption;
}

function optionsOf(found: Found | undefined, withShortcuts: boolean): LookupOption[] {
  if (!found || found.tooShort) return [];
  return [
    ...found.people.map((person) => ({ value: `e${person.id}`, label: person.displayName, person })),
    ...found.groups.map((group) => ({ value: `g${group.id}`, label: group.name, group })),
    ...(withShortcuts ? found.shortcuts.map((shortcut) => ({ value: `s${shortcut}`, label: shortcutLabels[shortcut] })) : []),
  ];
}

function announcement(options: readonly LookupOption[]) {
  if (options.length === 0) return NO_NAMES_FOUND;
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const people = options.filter((option) => option.person).length;
  const groups = options.length - people;
  return `${count(people, "person", "people")} and ${count(groups, "group", "groups")} found. Use the arrow keys to choose.`;
}

export interface PeopleComboboxProps {
  id: string;
  /** The text field's name: without JavaScript its form sends the typed text under it. */
  name: string;
  /** Who may be offered: the lookup's purpose (people, mentions, or a plugin's lookup filter). */
  purpose: string;
  placeholder?: string;
  /** What the field holds at first (the text a search without JavaScript was sent with). */
  defaultValue?: string;
  /** Offer the shortcuts (All Staff, My Downline, My Direct Reports) the viewer may use. */
  withShortcuts?: boolean;
  /** Values already picked: offered, but disabled (spec: Recipient lookup). */
  picked?: ReadonlySet<string>;
  onChoose(option: LookupOption): void;
  className?: string;
  listClassName?: string;
}

/**
 * The recipient lookup's text field. Without JavaScript it is a plain search
 * field of the form around it. With JavaScript it is a combobox (WAI-ARIA 1.2):
 * from 3 characters it offers people, groups and shortcuts as one types, the
 * arrow keys move through them (skipping those already picked), Enter chooses,
 * Escape closes, and a live region says how many were found. Enter with
 * nothing chosen submits the form, as without JavaScript.
 */
export function PeopleCombobox({ id, name, purpose, placeholder, defaultValue = "", withShortcuts = false, picked, onChoose, className, listClassName }: PeopleComboboxProps) {
  const listId = `${id}-list`;
  const fetcher = useFetcher<Found>();
  const hydrated = useHydrated();
  const [text, setText] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  // Leaving the field closes the list a moment later (a click on an option lands first); coming back cancels that.
  const closing = useRef<ReturnType<typeof setTimeout>>();
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      clearTimeout(closing.current);
    },
    [],
  );
  const input = useRef<HTMLInputElement>(null);

  const found = text.trim().length >= MIN_QUERY_LENGTH ? fetcher.data : undefined;
  const options = optionsOf(found, withShortcuts);
  const expanded = open && found !== undefined && !found.tooShort;
  const choosable = (index: number) => !picked?.has(options[index]!.value);

  const search = (value: string) => {
    clearTimeout(closing.current);
    setText(value);
    setActive(-1);
    setOpen(true);
    clearTimeout(timer.current);
    if (value.trim().length >= MIN_QUERY_LENGTH) {
      timer.current = setTimeout(() => fetcher.load(`/people/search?for=${purpose}&q=${encodeURIComponent(value)}`), 200);
    }
  };

  // What was typed before the page's JavaScript arrived is searched for as if typed now.
  useEffect(() => {
    const typed = input.current?.value ?? "";
    if (typed !== defaultValue) search(typed);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const choose = (option: LookupOption) => {
    setOpen(false);
    setActive(-1);
    setText("");
    onChoose(option);
  };

  const move = (step: 1 | -1) => {
    for (let tried = 1; tried <= options.length; tried++) {
      const next = (((active + step * tried) % options.length) + options.length) % options.length;
      if (choosable(next)) return setActive(next);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      move(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter" && expanded && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <>
      <input
        ref={input}
        id={id}
        name={name}
        type="search"
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        onChange={(event) => search(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => clearTimeout(closing.current)}
        onBlur={() => (closing.current = setTimeout(() => setOpen(false), 150))}
        {...(hydrated
          ? {
              role: "combobox",
              "aria-expanded": expanded,
              "aria-controls": listId,
              "aria-autocomplete": "list" as const,
              "aria-activedescendant": expanded && active >= 0 ? `${listId}-${options[active]?.value}` : undefined,
            }
          : {})}
        className={className}
      />
      {hydrated ? (
        <>
          <ul
            id={listId}
            role="listbox"
            aria-label="People and groups"
            hidden={!expanded || options.length === 0}
            className={cn("absolute left-0 z-50 w-72 rounded-md border border-slate-200 bg-white py-1 text-slate-900 shadow-lg", listClassName)}
          >
            {options.map((option, index) => {
              const disabled = !choosable(index);
              return (
                <li
                  key={option.value}
                  id={`${listId}-${option.value}`}
                  role="option"
                  aria-selected={index === active}
                  aria-disabled={disabled || undefined}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => (disabled ? undefined : choose(option))}
                  className={cn("flex items-center gap-2 px-3 py-2", disabled ? "cursor-default text-slate-500" : "cursor-pointer", index === active && "bg-slate-100")}
                >
                  <OptionBody option={option} />
                </li>
              );
            })}
          </ul>
          {expanded && options.length === 0 ? (
            <p className={cn("absolute left-0 z-50 w-72 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700 shadow-lg", listClassName)}>{NO_NAMES_FOUND}</p>
          ) : null}
          <p aria-live="polite" className="sr-only">
            {expanded ? announcement(options) : ""}
          </p>
        </>
      ) : null}
    </>
  );
}

function OptionBody({ option }: { option: LookupOption }) {
  if (option.person) {
    const { person } = option;
    return (
      <>
        <Avatar id={person.id} firstName={person.firstName} lastName={person.lastName} src={person.avatarUrl} className="size-8 text-xs" />
        <span>
          <span className="block text-sm font-medium">{option.label}</span>
          {person.jobTitle ? <span className="block text-xs text-slate-600">{person.jobTitle}</span> : null}
        </span>
      </>
    );
  }
  if (option.group) {
    return (
      <>
        <GroupAvatar name={option.group.name} className="size-8 text-xs" />
        <span className="text-sm">
          {option.label} <span className="text-xs text-slate-600">(group of {option.group.count})</span>
        </span>
      </>
    );
  }
  return <span className="text-sm font-medium">{option.label}</span>;
}
