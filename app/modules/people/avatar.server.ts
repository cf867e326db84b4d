import type { AppServices } from "~/modules/services.server";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { AVATAR_NAME } from "~/modules/storage/asset-source";
import { keptOriginal, PICTURE_GONE, storeFramedPicture } from "~/modules/storage/framed-picture.server";
import type { Asset } from "~/modules/storage/assets.server";
import type { CropArea } from "~/modules/storage/image-purposes";

export type AvatarResult = { ok: true; avatar: Asset; original: Asset | null } | { ok: false; message: string };

/**
 * Sets someone's avatar from an uploaded picture: the area the cropper chose, or the centre
 * with the original kept for a second step (storeFramedPicture).
 */
export async function setAvatar(app: AppServices, db: ProgramDb, employeeId: number, upload: { bytes: Buffer; fileName: string; crop?: CropArea }): Promise<AvatarResult> {
  const stored = await storeFramedPicture(app, db, employeeId, "avatar", { ...upload, storedName: AVATAR_NAME });
  if (!stored.ok) return stored;
  await db.updateTable("employee").set({ avatar_asset_id: stored.picture.id }).where("id", "=", employeeId).execute();
  return { ok: true, avatar: stored.picture, original: stored.original };
}

/** Crops a kept original again (the second step without JavaScript); only its uploader may. */
export async function recropAvatar(app: AppServices, db: ProgramDb, employeeId: number, originalId: string, crop: CropArea): Promise<AvatarResult> {
  const original = await keptOriginal(app, db, employeeId, originalId);
  if (!original) return { ok: false, message: PICTURE_GONE };
  return setAvatar(app, db, employeeId, { ...original, crop });
}
