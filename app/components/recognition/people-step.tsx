import { ErrorList } from "~/components/forms";
import { GroupAvatar } from "~/components/people/group-avatar";
import { PeopleCombobox } from "~/components/people/people-combobox";
import { Avatar } from "~/components/shell/avatar";
import type { LookupResult } from "~/modules/people/lookup.server";
import { NO_NAMES_FOUND, shortcutLabels } from "~/modules/people/people";
import { formatPoints } from "~/modules/points/accounts";
import type { PeopleNotice, SelectionView } from "~/modules/recognition/people-step.server";
import { everyonePicked, recognitionMessages, type Selection } from "~/modules/recognition/selection";
import { StepButton } from "./step-button";

/** A composer's people step, as the server described it. */
export interface PeopleStepView extends SelectionView {
  lookup: { q: string; result: LookupResult } | null;
  notices: PeopleNotice[];
  errors: Record<string, string[]>;
}

export function PeopleNotices({ notices }: { notices: PeopleNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <div role="status" className="flex flex-col gap-2">
      {notices.map((notice) => (
        <div key={notice.message} className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p>{notice.message}</p>
          <ul className="list-disc pl-5">
            {notice.names.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/**
 * The people of one list of the selection, each with the groups they came through and a
 * Remove button; points as inputs where they are being given (`editPoints`), else as text.
 */
export function ChosenPeople({ view, list, label, action, editPoints = false }: { view: SelectionView & { errors: Record<string, string[]> }; list: keyof Selection; label: string; action: string; editPoints?: boolean }) {
  const chosen = view.selection[list];
  if (chosen.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {chosen.map((pick) => {
        const person = view.recipients[pick.employeeId];
        if (!person) return null;
        const points = "points" in pick ? String(pick.points) : null;
        const field = `pts.${pick.employeeId}`;
        return (
          <li key={pick.employeeId} className="flex flex-wrap items-center gap-2">
            <Avatar id={person.id} firstName={person.firstName} lastName={person.lastName} src={person.avatarUrl} className="size-8" />
            <span className="font-medium">{person.displayName}</span>
            {pick.sources.length > 0 ? <span className="text-xs text-slate-600">({pick.sources.map((source) => view.groupNames[source]?.name ?? source).join(", ")})</span> : null}
            {points !== null && editPoints ? (
              <span className="flex items-center gap-1">
                <label htmlFor={field} className="sr-only">
                  Points for {person.displayName}
                </label>
                <input
                  id={field}
                  name={field}
                  defaultValue={points}
                  inputMode="numeric"
                  placeholder="Points"
                  aria-invalid={view.errors[field] ? true : undefined}
                  className="field w-24 px-2 py-1"
                />
              </span>
            ) : points ? (
              <span className="text-sm font-semibold text-emerald-800">{points} points</span>
            ) : null}
            <StepButton action={action} name="remove" value={pick.employeeId} variant="ghost">
              Remove<span className="sr-only"> {person.displayName}</span>
            </StepButton>
            <ErrorList errors={view.errors[field]} />
          </li>
        );
      })}
    </ul>
  );
}

/** The lookup's values ("e12", "g5", "sALL_STAFF") of the people and groups already picked. */
function pickedValues(selection: Selection) {
  const all = everyonePicked(selection);
  return new Set([...all.map((pick) => `e${pick.employeeId}`), ...all.flatMap((pick) => pick.sources.map((source) => (source.startsWith("g") ? source : `s${source}`)))]);
}

/**
 * The step that picks people for one list of the selection: a lookup (live with JavaScript,
 * a Search button without), its results to tick, a pasted list of addresses, and those picked.
 * `onChoose` adds a person chosen in the live lookup (the composer asks for the step by script).
 */
export function PeopleStep({
  view,
  list,
  action,
  purpose,
  title,
  note,
  pointsAvailable,
  chosenLabel,
  onChoose,
}: {
  view: PeopleStepView;
  list: keyof Selection;
  action: string;
  purpose: string;
  title: string;
  note?: string;
  pointsAvailable: number;
  chosenLabel: string;
  onChoose: (value: string) => void;
}) {
  const lookup = view.lookup?.result;
  const points = list === "pointed";
  const picked = pickedValues(view.selection);
  const inputId = `${purpose}-q`;
  return (
    <div className="flex flex-col gap-3">
      <h2 className="font-semibold">{title}</h2>
      {points ? (
        <p className="text-sm text-slate-700">
          You have {formatPoints(pointsAvailable)} points to give. Total: {formatPoints(view.totalPoints)}.
        </p>
      ) : null}
      {note ? <p className="text-sm text-slate-700">{note}</p> : null}
      <PeopleNotices notices={view.notices} />
      <div className="flex flex-wrap items-end gap-2">
        <div className="relative flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            Search by name, group or e-mail
          </label>
          <PeopleCombobox
            id={inputId}
            name="q"
            purpose={purpose}
            withShortcuts
            defaultValue={view.lookup?.q ?? ""}
            picked={picked}
            onChoose={(option) => onChoose(option.value)}
            className="field"
            listClassName="top-full mt-1"
          />
        </div>
        <StepButton action={action} name="do" value="search">
          Search
        </StepButton>
      </div>
      {lookup && lookup.tooShort ? <p className="text-sm text-slate-700">Type at least 3 characters.</p> : null}
      {lookup && !lookup.tooShort ? (
        lookup.people.length + lookup.groups.length + lookup.shortcuts.length === 0 ? (
          <p className="text-sm text-slate-700">{NO_NAMES_FOUND}</p>
        ) : (
          <fieldset className="flex flex-col gap-1">
            <legend className="text-sm font-medium">Results</legend>
            {lookup.people.map((person) => (
              <label key={`e${person.id}`} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="pick" value={`e${person.id}`} disabled={picked.has(`e${person.id}`)} /> {person.displayName}
                {person.jobTitle ? <span className="text-slate-600">{person.jobTitle}</span> : null}
              </label>
            ))}
            {lookup.groups.map((group) => (
              <label key={`g${group.id}`} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="pick" value={`g${group.id}`} disabled={picked.has(`g${group.id}`)} /> <GroupAvatar name={group.name} className="size-6 text-[10px]" /> {group.name}{" "}
                <span className="text-slate-600">({group.count} people)</span>
              </label>
            ))}
            {lookup.shortcuts.map((shortcut) => (
              <label key={shortcut} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="pick" value={`s${shortcut}`} disabled={picked.has(`s${shortcut}`)} /> {shortcutLabels[shortcut]}
              </label>
            ))}
            {points ? <p className="text-xs text-slate-600">{recognitionMessages.pointsUsersOnly}</p> : null}
            <StepButton action={action} name="do" value="add" variant="default" className="self-start">
              Add selected
            </StepButton>
          </fieldset>
        )
      ) : null}
      <ChosenPeople view={view} list={list} label={chosenLabel} action={action} editPoints={points} />
      <ErrorList errors={points ? view.errors.points : view.errors.mentions} />
      <details>
        <summary className="cursor-pointer text-sm">Paste a list of e-mail addresses</summary>
        <div className="mt-2 flex flex-col gap-2">
          <label htmlFor={`${purpose}-emails`} className="text-sm">
            E-mail addresses, separated by commas
          </label>
          <textarea id={`${purpose}-emails`} name="emails" rows={2} className="field" />
          <StepButton action={action} name="do" value="paste" className="self-start">
            Add from list
          </StepButton>
        </div>
      </details>
      <div>
        <StepButton action={action} value="compose">
          Back
        </StepButton>
      </div>
    </div>
  );
}
