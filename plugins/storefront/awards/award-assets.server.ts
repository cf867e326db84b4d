import fs from "node:fs/promises";
import type { ActionFunctionArgs } from "@remix-run/node";
import type { Viewer } from "~/modules/auth/viewer";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { assetSource } from "~/modules/storage/asset-source";
import { storeUpload, storeUploadedFile } from "~/modules/storage/assets.server";
import { withStreamedUpload } from "~/modules/storage/streamed-upload.server";
import { EMPTY_FILE, uploadKinds } from "~/modules/storage/upload-kinds";

/** An award type's two files: its picture (an image) and its announcement document (a PDF or another accepted file). */
export const AWARD_ASSETS = {
  image: { column: "image_asset_id", kind: "image", label: "Picture" },
  document: { column: "document_asset_id", kind: "file", label: "Announcement document" },
} as const;

export type AwardAsset = keyof typeof AWARD_ASSETS;

export const isAwardAsset = (value: unknown): value is AwardAsset => value === "image" || value === "document";

/** The upload form's one file field. */
export const ASSET_FIELD = "file";

/** Where each file of an award type is served, by its column's value. */
export async function awardTypeAssets(db: ProgramDb, typeId: number) {
  const row = await db
    .selectFrom("service_award_type as type")
    .leftJoin("asset as image", "image.id", "type.image_asset_id")
    .leftJoin("asset as document", "document.id", "type.document_asset_id")
    .select(["image.id as imageId", "image.name as imageName", "document.id as documentId", "document.name as documentName"])
    .where("type.id", "=", typeId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    image: row.imageId ? { url: assetSource(row.imageId, row.imageName!), name: row.imageName! } : null,
    document: row.documentId ? { url: assetSource(row.documentId, row.documentName!), name: row.documentName! } : null,
  };
}

/**
 * Stores the award type's picture or announcement document from a multipart form (streamed to
 * disk, checked by its content) and sets it on the type; an error is the message for the field.
 */
export async function uploadAwardAsset(args: ActionFunctionArgs, viewer: Viewer, typeId: number, which: AwardAsset): Promise<{ ok: true } | { ok: false; message: string }> {
  const { kind, column } = AWARD_ASSETS[which];
  const { app, db } = args.context;
  const type = await db.selectFrom("service_award_type").select("id").where("id", "=", typeId).executeTakeFirst();
  if (!type) throw new Response("Not found", { status: 404 });
  return withStreamedUpload(args.request, { dataDir: app.env.DATA_DIR, field: ASSET_FIELD, kind }, async (upload) => {
    if (!upload.ok) return { ok: false, message: uploadKinds[kind].tooLarge };
    if (!upload.file || upload.file.size === 0) return { ok: false, message: upload.file ? EMPTY_FILE : `Choose a file for the ${AWARD_ASSETS[which].label.toLowerCase()}` };
    const file = { fileName: upload.file.name, employeeId: viewer.employee.id };
    const stored =
      kind === "image"
        ? await storeUpload(app.storage, db, { ...file, bytes: await fs.readFile(upload.file.path), kind, purpose: "plain" })
        : await storeUploadedFile(app.storage, db, { ...file, path: upload.file.path, kind });
    if (!stored.ok) return stored;
    await db.updateTable("service_award_type").set({ [column]: stored.asset.id }).where("id", "=", typeId).execute();
    return { ok: true };
  });
}

/** Takes the picture or the document off the award type (the asset stays: awards already shown may link to it). */
export async function removeAwardAsset(db: ProgramDb, typeId: number, which: AwardAsset) {
  await db.updateTable("service_award_type").set({ [AWARD_ASSETS[which].column]: null }).where("id", "=", typeId).execute();
}
