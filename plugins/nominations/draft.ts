import { readSelection, selectionFields, type Fields, type Selection } from "~/modules/recognition/selection";
import { MESSAGE_MAX } from "./rules";

/**
 * A nomination being written, as plain form fields, so that it survives the composer's steps
 * without JavaScript (each step is a GET with the draft in its URL): the nominees (the core's
 * selection field `m`), the core value, the award level, the message, and the form's key.
 */
export interface NominationDraft {
  selection: Selection;
  value: string;
  level: string;
  message: string;
  key: string;
}

function text(fields: Fields, name: string, max: number) {
  const value = fields.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

export function readNominationDraft(fields: Fields): NominationDraft {
  const key = text(fields, "key", 64);
  return {
    // Nominees are named, never given points one by one: the award level sets the points.
    selection: { named: readSelection(fields).named, pointed: [] },
    value: text(fields, "value", 40),
    level: text(fields, "level", 40),
    message: text(fields, "message", MESSAGE_MAX * 2),
    key: /^[\w-]{8,64}$/.test(key) ? key : "",
  };
}

/** The draft as hidden fields; `withoutNomination` leaves out what the compose step shows as inputs. */
export function nominationDraftFields(draft: NominationDraft, withoutNomination = false): [string, string][] {
  const own: [string, string][] = withoutNomination ? [] : [["value", draft.value], ["level", draft.level], ["message", draft.message]];
  return [...selectionFields(draft.selection), ...own, ["key", draft.key]];
}
