import type { ProgramDb } from "~/modules/db/program-db.server";
import type { AppServices } from "~/modules/services.server";
import { readAsset, storeUpload } from "~/modules/storage/assets.server";

/** A letter's most characters (a page or two of Markdown). */
export const LETTER_MAX = 10_000;

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
