import type { AppServices } from "~/modules/services.server";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { AVATAR_NAME } from "~/modules/storage/asset-source";
import { readAsset, storeUpload, type Asset } from "~/modules/storage/assets.server";
import type { CropArea } from "~/modules/storage/image-purposes";

export type AvatarResult = { ok: true; avatar: Asset; original: Asset | null } | { ok: false; message: string };

/**
 * Sets someone's avatar from an uploaded picture. With a crop (the cropper ran
 * in the browser), that area becomes the avatar. Without one, the centre is
 * used, and the picture is also kept upright and stripped at full size as the
 * `original`, so a second step can crop it differently.
 */
export async function setAvatar(app: AppServices, db: ProgramDb, employeeId: number, upload: { bytes: Buffer; fileName: string; crop?: CropArea }): Promise<AvatarResult> {
  let original: Asset | null = null;
  if (!upload.crop) {
    const kept = await storeUpload(app.storage, db, { bytes: upload.bytes, fileName: upload.fileName, kind: "image", purpose: "plain", employeeId });
    if (!kept.ok) return kept;
    original = kept.asset;
  }
  const avatar = await storeUpload(app.storage, db, { bytes: upload.bytes, fileName: AVATAR_NAME, kind: "image", purpose: "avatar", crop: upload.crop, employeeId });
  if (!avatar.ok) return avatar;
  await db.updateTable("employee").set({ avatar_asset_id: avatar.asset.id }).where("id", "=", employeeId).execute();
  return { ok: true, avatar: avatar.asset, original };
}

/** Crops a kept original again (the second step without JavaScript); only its uploader may. */
export async function recropAvatar(app: AppServices, db: ProgramDb, employeeId: number, originalId: string, crop: CropArea): Promise<AvatarResult> {
  const found = await readAsset(app.storage, db, originalId);
  if (found?.uploadedBy !== employeeId) {
    await found?.bytes.body.cancel();
    return { ok: false, message: "That picture is no longer here. Upload it again." };
  }
  const bytes = Buffer.from(await new Response(found.bytes.body).arrayBuffer());
  return setAvatar(app, db, employeeId, { bytes, fileName: found.asset.name, crop });
}
