import type { ProgramDb } from "~/modules/db/program-db.server";
import { versionedCache, type KeptAccess } from "~/modules/db/versioned-cache.server";
import type { AppServices } from "~/modules/services.server";
import { markdownHtml } from "~/modules/text/markdown.server";
import { readLetter, storeLetter } from "./letters.server";
import { CELEBRATION_LINES, themeOf } from "./rules";

export interface CelebrationDraft {
  employeeId: number;
  milestoneId?: number | null;
  /** The style value its theme is chosen from. */
  style: number;
  /** Its text, one to five lines. */
  lines: readonly string[];
  letterAssetId?: string | null;
  createdBy?: number | null;
}

/** Records a personal celebration; one per milestone (a second for the same milestone is a no-op), returning its id or null then. */
export async function createCelebration(db: ProgramDb, draft: CelebrationDraft) {
  const [line1, line2, line3, line4, line5] = draft.lines.slice(0, CELEBRATION_LINES);
  const row = await db
    .insertInto("personal_celebration", {
      employee_id: draft.employeeId,
      milestone_id: draft.milestoneId ?? null,
      style: draft.style,
      text_line1: line1 ?? "",
      text_line2: line2 ?? null,
      text_line3: line3 ?? null,
      text_line4: line4 ?? null,
      text_line5: line5 ?? null,
      letter_asset_id: draft.letterAssetId ?? null,
      created_by: draft.createdBy ?? null,
    })
    .onConflict((c) => c.columns(["program_id", "milestone_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

const celebrationColumns = ["id", "style", "text_line1", "text_line2", "text_line3", "text_line4", "text_line5", "letter_asset_id", "read_at", "created_at"] as const;

type CelebrationRow = { id: number; style: number; text_line1: string; text_line2: string | null; text_line3: string | null; text_line4: string | null; text_line5: string | null; letter_asset_id: string | null; read_at: Date | null; created_at: Date };

/** The spec's personal celebration, as its banner draws it. */
function toCelebration(row: CelebrationRow) {
  return {
    id: row.id,
    theme: themeOf(row.style),
    lines: [row.text_line1, row.text_line2, row.text_line3, row.text_line4, row.text_line5].filter((line): line is string => Boolean(line)),
    hasLetter: row.letter_asset_id !== null,
    isRead: row.read_at !== null,
    created: row.created_at.toISOString(),
  };
}

export type Celebration = ReturnType<typeof toCelebration>;

/** The person's unread celebrations, newest first: the feed's banner. */
export async function unreadCelebrations(db: ProgramDb, employeeId: number) {
  const rows = await db.selectFrom("personal_celebration").select(celebrationColumns).where("employee_id", "=", employeeId).where("read_at", "is", null).orderBy("id", "desc").limit(10).execute();
  return rows.map(toCelebration);
}

/** Banners kept per process until a celebration is made or read (decision 118), one key a person. */
const keptForBanners = versionedCache({ limit: 20_000, changeVersion: "milestones_celebrations" });

/** The viewer's unread celebrations, kept until the program's celebrations change. */
export function keptUnreadCelebrations(access: KeptAccess) {
  const employeeId = access.viewer.employee.id;
  return keptForBanners(access, String(employeeId), () => unreadCelebrations(access.db, employeeId));
}

/** Marks one of the person's celebrations read (its banner goes); another's is untouched. Returns whether it was theirs. */
export async function markCelebrationRead(db: ProgramDb, employeeId: number, id: number) {
  const done = await db.updateTable("personal_celebration").set({ read_at: new Date() }).where("id", "=", id).where("employee_id", "=", employeeId).where("read_at", "is", null).executeTakeFirst();
  if (done.numUpdatedRows > 0n) return true;
  return (await db.selectFrom("personal_celebration").select("id").where("id", "=", id).where("employee_id", "=", employeeId).executeTakeFirst()) !== undefined;
}

/** One of the person's celebrations with its letter as HTML (rendered and sanitised), or null when it is not theirs. */
export async function celebrationWithLetter(app: AppServices, db: ProgramDb, employeeId: number, id: number) {
  const row = await db.selectFrom("personal_celebration").select(celebrationColumns).where("id", "=", id).where("employee_id", "=", employeeId).executeTakeFirst();
  if (!row) return null;
  const letter = row.letter_asset_id ? await readLetter(app, db, row.letter_asset_id) : null;
  return { ...toCelebration(row), letterHtml: letter === null ? null : markdownHtml(letter) };
}

/** The program's default letter for birthdays or anniversaries: its asset and Markdown, or null when it has none. */
export async function defaultLetter(app: AppServices, db: ProgramDb, event: "BIRTHDAY" | "ANNIVERSARY") {
  const row = await db.selectFrom("milestone_letter").select("asset_id").where("event", "=", event).executeTakeFirst();
  if (!row) return null;
  const text = await readLetter(app, db, row.asset_id);
  return text === null ? null : { assetId: row.asset_id, text };
}

/** Replaces the program's default letter for an event (an empty text removes it). */
export async function saveDefaultLetter(app: AppServices, db: ProgramDb, event: "BIRTHDAY" | "ANNIVERSARY", text: string, by: number) {
  if (text.trim() === "") {
    await db.deleteFrom("milestone_letter").where("event", "=", event).execute();
    return;
  }
  const assetId = await storeLetter(app, db, text, by);
  await db
    .insertInto("milestone_letter", { event, asset_id: assetId, updated_by: by, updated_at: new Date() })
    .onConflict((c) => c.columns(["program_id", "event"]).doUpdateSet({ asset_id: assetId, updated_by: by, updated_at: new Date() }))
    .execute();
}

/** The celebrations program managers made, newest first, a page at a time, with whom each is for. */
export async function celebrationsMade(db: ProgramDb, page: number, size: number) {
  const rows = await db
    .selectFrom("personal_celebration")
    .innerJoin("employee", "employee.id", "personal_celebration.employee_id")
    .select(["personal_celebration.id", "personal_celebration.text_line1", "personal_celebration.read_at", "personal_celebration.created_at", "personal_celebration.letter_asset_id", "employee.display_name"])
    .where("personal_celebration.created_by", "is not", null)
    .orderBy("personal_celebration.id", "desc")
    .limit(size + 1)
    .offset((page - 1) * size)
    .execute();
  return {
    celebrations: rows.slice(0, size).map((row) => ({ id: row.id, person: row.display_name, firstLine: row.text_line1, read: row.read_at !== null, hasLetter: row.letter_asset_id !== null, created: row.created_at.toISOString() })),
    hasMore: rows.length > size,
  };
}
