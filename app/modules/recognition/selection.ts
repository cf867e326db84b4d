import { addPicked, removePicked, type PickedPerson } from "~/modules/people/people";
import { rowId } from "~/utils/row-id";

/**
 * The people a recognition goes to, as plain form fields, so that a composer's
 * steps carry them without JavaScript (each step is a GET with them in its URL):
 *   m (a person named: "12", or "12:g5,MY_DOWNLINE" with the groups or shortcuts
 *   they came through), pm (a person given points, same form), pts.<id> (the
 *   points typed for them). Moments' posts and eCards both read them.
 */
export type PointsPick = PickedPerson & { points: string };

export interface Selection {
  named: PickedPerson[];
  pointed: PointsPick[];
}

/** A query string or a posted form (whose files are ignored). */
export type Fields = { get(name: string): FormDataEntryValue | null; getAll(name: string): FormDataEntryValue[] };

const SOURCE = /^(g\d{1,10}|ALL_STAFF|MY_DOWNLINE|MY_DIRECT_REPORTS)$/;
const MAX_PICKED = 500;

function readPick(value: string): PickedPerson | null {
  const [id, sources = ""] = value.split(":", 2);
  const employeeId = rowId(id);
  if (employeeId === null) return null;
  return { employeeId, sources: [...new Set(sources.split(",").filter((source) => SOURCE.test(source)))] };
}

function readPicks(fields: Fields, name: string) {
  const seen = new Set<number>();
  return fields
    .getAll(name)
    .flatMap((value) => (typeof value === "string" ? [readPick(value)] : []))
    .filter((pick): pick is PickedPerson => pick !== null && !seen.has(pick.employeeId) && Boolean(seen.add(pick.employeeId)))
    .slice(0, MAX_PICKED);
}

/** The selection in a query string or posted form; someone both named and given points counts once, with points. */
export function readSelection(fields: Fields): Selection {
  const pointed = readPicks(fields, "pm").map((pick) => {
    const typed = fields.get(`pts.${pick.employeeId}`);
    return { ...pick, points: typeof typed === "string" ? typed.slice(0, 20) : "" };
  });
  const withPoints = new Set(pointed.map((pick) => pick.employeeId));
  return { named: readPicks(fields, "m").filter((pick) => !withPoints.has(pick.employeeId)), pointed };
}

function pickValue(pick: PickedPerson) {
  return pick.sources.length > 0 ? `${pick.employeeId}:${pick.sources.join(",")}` : String(pick.employeeId);
}

/** The selection as hidden fields; `withoutPoints` leaves out the points, when a step shows them as inputs of its own. */
export function selectionFields(selection: Selection, withoutPoints = false): [string, string][] {
  return [
    ...selection.named.map((pick): [string, string] => ["m", pickValue(pick)]),
    ...selection.pointed.flatMap((pick): [string, string][] => [["pm", pickValue(pick)], ...(withoutPoints ? [] : [[`pts.${pick.employeeId}`, pick.points] as [string, string]])]),
  ];
}

export function everyonePicked(selection: Selection): PickedPerson[] {
  return [...selection.named, ...selection.pointed];
}

/** People added to one list of the selection: named, or given points (those are then no longer merely named). */
export function addToSelection(selection: Selection, list: keyof Selection, ids: readonly number[], source: string | null): Selection {
  if (list === "named") return { ...selection, named: addPicked(selection.named, ids, source, (picked) => picked) };
  const pointed = addPicked(selection.pointed, ids, source, (picked) => ({ ...picked, points: "" }));
  const withPoints = new Set(pointed.map((pick) => pick.employeeId));
  return { pointed, named: selection.named.filter((pick) => !withPoints.has(pick.employeeId)) };
}

export function removeFromSelection(selection: Selection, list: keyof Selection, employeeId: number): Selection {
  return list === "named" ? { ...selection, named: removePicked(selection.named, employeeId) } : { ...selection, pointed: removePicked(selection.pointed, employeeId) };
}

const WHOLE = /^\d{1,9}$/;

/** A points value as typed, or null when it is not a positive whole number. */
export function pointsValue(typed: string) {
  const trimmed = typed.trim();
  return WHOLE.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : null;
}

/** The points the selection gives, counting what is typed as a whole number. */
export function selectionPoints(selection: Selection) {
  return selection.pointed.reduce((sum, pick) => sum + (pointsValue(pick.points) ?? 0), 0);
}

/** The spec's messages of recognition with points, wherever it is composed. */
export const recognitionMessages = {
  pointsNotWhole: "Point values must be a positive whole number.",
  notEnoughPoints: "Not enough points",
  pointsUsersOnly: "Only group members who use Points will be shown here.",
  headsUp: "Heads Up!",
  severalRecipients: "Several recipients",
  wayToRecognize: "Way to Recognize!",
} as const;

/** "You're about to give {n} points. This action can't be undone." */
export function pointsConfirmation(points: number) {
  return `You're about to give ${points.toLocaleString("en-US")} points. This action can't be undone.`;
}

/** The private-recognition check's sentence: "{name} prefers private recognition." or "Several recipients prefer...". */
export function privateRecognitionNotice(subject: string) {
  return `${subject} ${subject === recognitionMessages.severalRecipients ? "prefer" : "prefers"} private recognition.`;
}
