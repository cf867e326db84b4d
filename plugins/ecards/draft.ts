import { readSelection, selectionFields, type Fields, type Selection } from "~/modules/recognition/selection";

/** The longest message an eCard carries. */
export const MESSAGE_MAX_LENGTH = 1_000;
/** How far ahead an eCard may be scheduled. */
export const SCHEDULE_MAX_DAYS = 365;

/**
 * An eCard being written, as plain form fields, so that it survives every step of the composer
 * without JavaScript (each step is a GET with the draft in its URL): the recipients and their
 * points (the core's selection fields: m, pm, pts.<id>), design, message, cc (a copy to their
 * managers), public, when ("now" or "later") and date, key (the card's idempotency key).
 */
export interface EcardDraft {
  selection: Selection;
  design: string;
  message: string;
  managerCopy: boolean;
  isPublic: boolean;
  later: boolean;
  /** The send date typed (YYYY-MM-DD), when later. */
  date: string;
  key: string;
}

function text(fields: Fields, name: string, max: number) {
  const value = fields.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

export function readEcardDraft(fields: Fields): EcardDraft {
  return {
    selection: readSelection(fields),
    design: text(fields, "design", 60),
    // Longer than any message may be (the rule's message needs to see it), never unbounded.
    message: text(fields, "message", MESSAGE_MAX_LENGTH * 2),
    managerCopy: fields.get("cc") === "1",
    isPublic: fields.get("public") === "1",
    later: fields.get("when") === "later",
    date: text(fields, "date", 10),
    key: /^[\w-]{8,64}$/.test(text(fields, "key", 64)) ? text(fields, "key", 64) : "",
  };
}

/** The draft as hidden fields, for every step's form; `except` leaves out what the step shows as inputs of its own. */
export function ecardDraftFields(draft: EcardDraft, except: { card?: boolean; points?: boolean } = {}): [string, string][] {
  const card: [string, string][] = except.card
    ? []
    : [
        ["design", draft.design],
        ["message", draft.message],
        ...(draft.managerCopy ? [["cc", "1"] as [string, string]] : []),
        ...(draft.isPublic ? [["public", "1"] as [string, string]] : []),
        ["when", draft.later ? "later" : "now"],
        ["date", draft.date],
      ];
  return [...selectionFields(draft.selection, except.points), ...card, ["key", draft.key]];
}

/** The draft as a query string: the URL of one of its steps. */
export function ecardDraftQuery(draft: EcardDraft, extra: Record<string, string> = {}) {
  return new URLSearchParams([...ecardDraftFields(draft), ...Object.entries(extra)]).toString();
}

/** A picture or a video the sender uploaded for the card, as the draft's design names it ("upload:<asset id>", "video:<asset id>"). */
export const UPLOADED_DESIGN = /^(upload|video):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
