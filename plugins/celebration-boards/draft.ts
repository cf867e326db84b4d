import { readSelection, selectionFields, type Fields, type Selection } from "~/modules/recognition/selection";
import { MESSAGE_MAX, TITLE_MAX } from "./rules";

/**
 * A board being made or invited to, as plain form fields, so that it survives the people step
 * without JavaScript (each step is a GET with the draft in its URL): the people (the core's
 * selection field `m`: the recipient on the new board's form, the people invited on the invite
 * form), the category, title, message and closing day, and the form's key.
 */
export interface BoardDraft {
  selection: Selection;
  category: string;
  title: string;
  message: string;
  closesOn: string;
  key: string;
}

function text(fields: Fields, name: string, max: number) {
  const value = fields.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

export function readBoardDraft(fields: Fields): BoardDraft {
  const key = text(fields, "key", 64);
  return {
    selection: { named: readSelection(fields).named, pointed: [] },
    category: text(fields, "category", 40),
    title: text(fields, "title", TITLE_MAX * 2),
    message: text(fields, "message", MESSAGE_MAX * 2),
    closesOn: text(fields, "closesOn", 10),
    key: /^[\w-]{8,64}$/.test(key) ? key : "",
  };
}

/** The draft as hidden fields; `withoutBoard` leaves out what the board step shows as inputs. */
export function boardDraftFields(draft: BoardDraft, withoutBoard = false): [string, string][] {
  const own: [string, string][] = withoutBoard ? [] : [["category", draft.category], ["title", draft.title], ["message", draft.message], ["closesOn", draft.closesOn]];
  return [...selectionFields(draft.selection), ...own, ["key", draft.key]];
}
