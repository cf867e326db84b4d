import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { assetSource } from "~/modules/storage/asset-source";
import { storeUploadedFile } from "~/modules/storage/assets.server";
import { withStreamedUpload } from "~/modules/storage/streamed-upload.server";
import { EMPTY_FILE, uploadKinds } from "~/modules/storage/upload-kinds";

/** The form field of a document's file. */
export const DOCUMENT_FIELD = "document";
/** The most documents a guide lists. */
export const MAX_DOCUMENTS = 20;
export const DOCUMENT_TITLE_MAX = 120;

const DocumentTitleSchema = z.object({
  title: z.string().trim().min(1, "Give the document a title.").max(DOCUMENT_TITLE_MAX, `A title has at most ${DOCUMENT_TITLE_MAX} characters.`),
});

export interface GuideDocument {
  id: number;
  title: string;
  href: string;
  contentType: string;
  byteSize: number;
}

/** The guide's documents, in the order they were added. */
export async function guideDocuments(db: ProgramDb): Promise<GuideDocument[]> {
  const rows = await db
    .selectFrom("program_document as d")
    .innerJoin("asset", "asset.id", "d.asset_id")
    .select(["d.id", "d.title", "asset.id as assetId", "asset.name", "asset.content_type", "asset.byte_size"])
    .orderBy("d.id")
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, href: assetSource(row.assetId, row.name), contentType: row.content_type, byteSize: row.byte_size }));
}

export type DocumentUpload = { ok: true } | { ok: false; errors: Record<string, string[]>; typed: { title: string } };

/**
 * Adds a document from a multipart form (its file streamed to disk and checked by its content,
 * a PDF, a spreadsheet, a text...; its title): the errors beside the fields when it cannot.
 */
export async function addGuideDocument(args: ActionFunctionArgs, employeeId: number): Promise<DocumentUpload> {
  const { app, db } = args.context;
  return withStreamedUpload(args.request, { dataDir: app.env.DATA_DIR, field: DOCUMENT_FIELD, kind: "file" }, async (upload) => {
    const form = upload.ok ? upload.form : new FormData();
    const typed = { title: String(form.get("title") ?? "").slice(0, 500) };
    const errors: Record<string, string[]> = {};
    const fields = DocumentTitleSchema.safeParse(typed);
    if (!fields.success) errors.title = fields.error.issues.map((issue) => issue.message);
    if (!upload.ok) errors[DOCUMENT_FIELD] = [uploadKinds.file.tooLarge];
    else if (!upload.file) errors[DOCUMENT_FIELD] = ["Choose a file."];
    else if (upload.file.size === 0) errors[DOCUMENT_FIELD] = [EMPTY_FILE];
    const { count } = await db.selectFrom("program_document").select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow();
    if (Number(count) >= MAX_DOCUMENTS) errors[DOCUMENT_FIELD] = [`The guide holds at most ${MAX_DOCUMENTS} documents. Remove one first.`];
    if (Object.keys(errors).length > 0 || !fields.success || !upload.ok || !upload.file) return { ok: false, errors, typed };
    const stored = await storeUploadedFile(app.storage, db, { path: upload.file.path, fileName: upload.file.name, kind: "file", employeeId });
    if (!stored.ok) return { ok: false, errors: { [DOCUMENT_FIELD]: [stored.message] }, typed };
    await db.insertInto("program_document", { title: fields.data.title, asset_id: stored.asset.id, created_by: employeeId }).execute();
    return { ok: true };
  });
}

/** Takes a document off the guide (its file stays stored, as every asset does: a link already shared keeps working). */
export async function removeGuideDocument(db: ProgramDb, id: number) {
  const removed = await db.deleteFrom("program_document").where("id", "=", id).returning("id").executeTakeFirst();
  return removed !== undefined;
}
