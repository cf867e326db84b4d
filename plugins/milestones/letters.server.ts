import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { AppServices } from "~/modules/services.server";
import { readAsset, storeUpload } from "~/modules/storage/assets.server";

/** A letter's most characters (a page or two of Markdown). */
export const LETTER_MAX = 10_000;

/** Markdown without raw HTML (it is shown as text), links only to web and mail addresses. */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

const allowed: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "a", "ul", "ol", "li", "h2", "h3", "h4", "blockquote", "code", "pre", "hr"],
  allowedAttributes: { a: ["href", "rel"] },
  allowedSchemes: ["https", "http", "mailto"],
  transformTags: { h1: "h2", a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
};

/** A letter's Markdown as HTML a page may show: rendered without raw HTML, then sanitised (a second guard that owes nothing to the first). */
export function letterHtml(text: string) {
  return sanitizeHtml(markdown.render(text), allowed);
}

/** Stores a letter's Markdown as an asset of the program (a text file); returns its id. */
export async function storeLetter(app: AppServices, db: ProgramDb, text: string, employeeId: number | null) {
  const stored = await storeUpload(app.storage, db, { bytes: Buffer.from(text, "utf8"), fileName: "letter.txt", kind: "file", employeeId });
  if (!stored.ok) throw new Error(`A letter could not be stored: ${stored.message}`);
  return stored.asset.id;
}

/** A stored letter's Markdown, or null when it is gone. */
export async function readLetter(app: AppServices, db: ProgramDb, assetId: string) {
  const found = await readAsset(app.storage, db, assetId);
  if (!found) return null;
  return new Response(found.bytes.body).text();
}
