import type { ProgramDb } from "~/modules/db/program-db.server";
import type { AppServices } from "~/modules/services.server";
import { readAsset, storeUpload, type Asset } from "./assets.server";
import type { CropArea, ImagePurpose } from "./image-purposes";

export const PICTURE_GONE = "That picture is no longer here. Upload it again.";

export type FramedPicture = { ok: true; picture: Asset; original: Asset | null } | { ok: false; message: string };

/**
 * Stores an uploaded picture cropped for `purpose` (an avatar, a Me In 3 picture). With a crop
 * (the cropper ran in the browser), that area is used. Without one, the centre is, and the
 * picture is also kept upright and stripped at full size as the `original`, so a framing step
 * without JavaScript can crop it again (keptOriginal).
 */
export async function storeFramedPicture(
  app: AppServices,
  db: ProgramDb,
  employeeId: number,
  purpose: ImagePurpose,
  upload: { bytes: Buffer; fileName: string; crop?: CropArea; storedName?: string },
): Promise<FramedPicture> {
  let original: Asset | null = null;
  if (!upload.crop) {
    const kept = await storeUpload(app.storage, db, { bytes: upload.bytes, fileName: upload.fileName, kind: "image", purpose: "plain", employeeId });
    if (!kept.ok) return kept;
    original = kept.asset;
  }
  const stored = await storeUpload(app.storage, db, { bytes: upload.bytes, fileName: upload.storedName ?? upload.fileName, kind: "image", purpose, crop: upload.crop, employeeId });
  if (!stored.ok) return stored;
  return { ok: true, picture: stored.asset, original };
}

/** The bytes and name of an original kept for framing, read only by the person who uploaded it (null for anyone else, or none). */
export async function keptOriginal(app: AppServices, db: ProgramDb, employeeId: number, originalId: string) {
  const found = await readAsset(app.storage, db, originalId);
  if (found?.uploadedBy !== employeeId) {
    await found?.bytes.body.cancel();
    return null;
  }
  return { bytes: Buffer.from(await new Response(found.bytes.body).arrayBuffer()), fileName: found.asset.name };
}
