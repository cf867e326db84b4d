import { GIF_TITLE_MAX, isGifId } from "~/modules/gifs/gifs";
import { readSelection, selectionFields, type Fields, type Selection } from "~/modules/recognition/selection";
import { rowId } from "~/utils/row-id";

/**
 * A post being written, as plain form fields, so that it survives every step
 * of the composer without JavaScript (each step is a GET with the draft in its
 * URL) and posts the same way with it:
 *   text, h (a hashtag, repeated), the people it names and gives points to (the
 *   core's selection fields: m, pm, pts.<id>), img and imgAlt (the
 *   post's picture, an uploaded asset, and its description), vid (or its video),
 *   lnk (or the preview of its link), gif and gifTitle (or a GIPHY GIF and its
 *   title, which describes it), key (the post's
 *   idempotency key), edit (the post being edited).
 */
export interface Draft {
  text: string;
  hashtags: string[];
  /** Its mentions (`named`) and points mentions (`pointed`). */
  selection: Selection;
  /** The id of the picture uploaded for the post, and its description. */
  image: string | null;
  imageAlt: string;
  /** Or the id of the video uploaded for it. */
  video: string | null;
  /** Or the id of its link's preview (a link_preview of the program). */
  link: number | null;
  /** Or a GIF: its GIPHY id, and its title as GIPHY gave it. */
  gif: string | null;
  gifTitle: string;
  key: string;
  editing: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const IMAGE_ALT_MAX = 200;


function text(fields: Fields, name: string, max: number) {
  const value = fields.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

/** The draft in a query string or posted form; what cannot be read is dropped, what was typed is kept as typed. */
export function readDraft(fields: Fields): Draft {
  return {
    // Longer than any post may be (the rule's message needs to see it), never unbounded.
    text: text(fields, "text", 2_000),
    hashtags: [...new Set(fields.getAll("h").filter((tag): tag is string => typeof tag === "string").map((tag) => tag.slice(0, 100)))].slice(0, 50),
    selection: readSelection(fields),
    image: UUID.test(text(fields, "img", 36)) ? text(fields, "img", 36) : null,
    imageAlt: text(fields, "imgAlt", IMAGE_ALT_MAX),
    video: UUID.test(text(fields, "vid", 36)) ? text(fields, "vid", 36) : null,
    link: rowId(text(fields, "lnk", 12)),
    gif: isGifId(text(fields, "gif", 64)) ? text(fields, "gif", 64) : null,
    gifTitle: text(fields, "gifTitle", GIF_TITLE_MAX),
    key: /^[\w-]{8,64}$/.test(text(fields, "key", 64)) ? text(fields, "key", 64) : "",
    editing: rowId(text(fields, "edit", 12)),
  };
}

/** A draft without its attachment. */
const NO_ATTACHMENT = { image: null, imageAlt: "", video: null, link: null, gif: null, gifTitle: "" } satisfies Partial<Draft>;

/** The draft with `attachment` as its one attachment (a post has one: adding one replaces another). */
export function withAttachment(draft: Draft, attachment: Partial<Pick<Draft, keyof typeof NO_ATTACHMENT>>): Draft {
  return { ...draft, ...NO_ATTACHMENT, ...attachment };
}

/** The draft as hidden fields, for every step's form; `except` leaves out what the step shows as inputs of its own. */
export function draftFields(draft: Draft, except: { text?: boolean; points?: boolean; imageAlt?: boolean } = {}): [string, string][] {
  return [
    ...(except.text ? [] : [["text", draft.text] as [string, string]]),
    ...draft.hashtags.map((tag): [string, string] => ["h", tag]),
    ...selectionFields(draft.selection, except.points),
    ...(draft.image ? [["img", draft.image] as [string, string]] : []),
    ...(draft.image && !except.imageAlt ? [["imgAlt", draft.imageAlt] as [string, string]] : []),
    ...(draft.video ? [["vid", draft.video] as [string, string]] : []),
    ...(draft.link ? [["lnk", String(draft.link)] as [string, string]] : []),
    ...(draft.gif ? [["gif", draft.gif] as [string, string], ["gifTitle", draft.gifTitle] as [string, string]] : []),
    ["key", draft.key],
    ...(draft.editing ? [["edit", String(draft.editing)] as [string, string]] : []),
  ];
}

/** The draft as a query string: the URL of one of its steps. */
export function draftQuery(draft: Draft, extra: Record<string, string> = {}) {
  return new URLSearchParams([...draftFields(draft), ...Object.entries(extra)]).toString();
}

export function isEmptyDraft(draft: Draft) {
  return draft.text.trim() === "" && draft.hashtags.length === 0 && draft.selection.named.length === 0 && draft.selection.pointed.length === 0 && draft.image === null && draft.video === null && draft.link === null && draft.gif === null;
}
