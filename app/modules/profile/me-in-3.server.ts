import { z } from "zod";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { AppServices } from "~/modules/services.server";
import { assetSource } from "~/modules/storage/asset-source";
import { storeUpload, type Asset } from "~/modules/storage/assets.server";
import { keptOriginal, PICTURE_GONE, storeFramedPicture } from "~/modules/storage/framed-picture.server";
import { pixel } from "~/modules/storage/crop-fields.server";
import { imagePurposes, type CropArea } from "~/modules/storage/image-purposes";
import { CAPTION_MAX, ME_IN_3_SLOTS, shownCategory, type ProfileCategories } from "./categories";

export const CHOOSE_PICTURE = "Choose a picture.";

const slot = z.coerce.number().int().min(1).max(ME_IN_3_SLOTS.length);

/** A Me In 3 picture's words: its category (one the program shows) and its caption. */
export function meIn3Schema(categories: ProfileCategories) {
  return z.object({
    slot,
    category: z
      .string({ error: "Choose what the picture shows." })
      .refine((id) => shownCategory(categories, id) !== undefined, "Choose one of the categories listed."),
    caption: z.string().trim().max(CAPTION_MAX, `The caption has at most ${CAPTION_MAX} characters.`).default(""),
  });
}

/** The framing step without JavaScript: the kept original, and the 16:19 area of it at x, y of the given width. */
export const MeIn3FramingSchema = z.object({
  slot,
  original: z.uuid(),
  x: pixel,
  y: pixel,
  width: pixel.min(1, "Choose an area inside the picture, in the shape shown."),
});

export const MeIn3SlotSchema = z.object({ slot });

/** The height of a Me In 3 area `width` wide (16:19). */
export function meIn3Height(width: number) {
  return Math.round(width / imagePurposes.meIn3.minRatio);
}

export interface MeIn3Picture {
  slot: number;
  categoryId: string;
  category: string;
  caption: string;
  source: string;
}

/** A person's Me In 3 pictures as stored, by slot, whatever their categories. */
export function meIn3Rows(db: ProgramDb, employeeId: number) {
  return db
    .selectFrom("me_in_3_picture as p")
    .innerJoin("asset", "asset.id", "p.asset_id")
    .select(["p.slot", "p.category_id", "p.caption", "asset.id as assetId", "asset.name"])
    .where("p.employee_id", "=", employeeId)
    .orderBy("p.slot")
    .execute();
}

/** Of a person's stored pictures, those of the categories the program shows. */
export function meIn3Pictures(rows: Awaited<ReturnType<typeof meIn3Rows>>, categories: ProfileCategories): MeIn3Picture[] {
  return rows.flatMap((row) => {
    const category = shownCategory(categories, row.category_id);
    return category ? [{ slot: row.slot, categoryId: category.id, category: category.name, caption: row.caption, source: assetSource(row.assetId, row.name) }] : [];
  });
}

/** A person's Me In 3 pictures, by slot, of the categories the program shows. */
export async function meIn3Of(db: ProgramDb, employeeId: number, categories: ProfileCategories): Promise<MeIn3Picture[]> {
  return meIn3Pictures(await meIn3Rows(db, employeeId), categories);
}

type SaveResult = { ok: true; original: Asset | null } | { ok: false; field: "picture"; message: string };

/**
 * Saves one of a person's pictures: its category and caption, and a new picture when one came
 * (framed as storeFramedPicture does: the original is kept when the centre was used). A slot
 * without a picture needs one.
 */
export async function saveMeIn3Picture(
  app: AppServices,
  db: ProgramDb,
  employeeId: number,
  entry: { slot: number; category: string; caption: string },
  upload: { bytes: Buffer; fileName: string; crop?: CropArea } | null,
): Promise<SaveResult> {
  const values = { category_id: entry.category, caption: entry.caption, updated_at: new Date() };
  if (upload) {
    const stored = await storeFramedPicture(app, db, employeeId, "meIn3", upload);
    if (!stored.ok) return { ok: false, field: "picture", message: stored.message };
    const asset_id = stored.picture.id;
    await db
      .insertInto("me_in_3_picture", { employee_id: employeeId, slot: entry.slot, asset_id, ...values })
      .onConflict((conflict) => conflict.constraint("me_in_3_picture_slot").doUpdateSet({ asset_id, ...values }))
      .execute();
    return { ok: true, original: stored.original };
  }
  const changed = await db.updateTable("me_in_3_picture").set(values).where("employee_id", "=", employeeId).where("slot", "=", entry.slot).executeTakeFirst();
  return changed.numUpdatedRows > 0n ? { ok: true, original: null } : { ok: false, field: "picture", message: CHOOSE_PICTURE };
}

/** Frames a slot's picture again from its kept original (the step without JavaScript); only its uploader may. */
export async function reframeMeIn3Picture(app: AppServices, db: ProgramDb, employeeId: number, slotNumber: number, originalId: string, crop: CropArea) {
  const original = await keptOriginal(app, db, employeeId, originalId);
  if (!original) return { ok: false as const, message: PICTURE_GONE };
  const stored = await storeUpload(app.storage, db, { ...original, kind: "image", purpose: "meIn3", crop, employeeId });
  if (!stored.ok) return stored;
  const changed = await db.updateTable("me_in_3_picture").set({ asset_id: stored.asset.id, updated_at: new Date() }).where("employee_id", "=", employeeId).where("slot", "=", slotNumber).executeTakeFirst();
  return changed.numUpdatedRows > 0n ? { ok: true as const } : { ok: false as const, message: PICTURE_GONE };
}

export async function deleteMeIn3Picture(db: ProgramDb, employeeId: number, slotNumber: number) {
  await db.deleteFrom("me_in_3_picture").where("employee_id", "=", employeeId).where("slot", "=", slotNumber).execute();
}
