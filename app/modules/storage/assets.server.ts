import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { AssetTable } from "~/modules/db/schema";
import { assetSource } from "./asset-source";
import type { BlobStore, StoredBytes } from "./blob-store.server";
import type { CropArea, ImagePurpose } from "./image-purposes";
import { processImage } from "./images.server";
import { sniffUpload } from "./sniff.server";
import { downloadName, type UploadKind } from "./upload-kinds";

/** The spec's Asset: where it is served (`source`), its name, program and type. Common assets (program 0) come with the eCard library. */
export interface Asset {
  id: string;
  source: string;
  name: string;
  programId: number;
  common: false;
  contentType: string;
  kind: UploadKind;
  width: number | null;
  height: number | null;
}

export interface Upload {
  bytes: Buffer;
  /** The name the person's file had; only its base is kept, and its extension is the one of its real type. */
  fileName: string;
  kind: UploadKind;
  /** Pictures: what they are for (their crop ratio and canvas), and the area the person chose, if any. */
  purpose?: ImagePurpose;
  crop?: CropArea;
  employeeId: number | null;
}

export type StoreResult = { ok: true; asset: Asset } | { ok: false; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function toAsset(row: Selectable<AssetTable>): Asset {
  return {
    id: row.id,
    source: assetSource(row.id, row.name),
    name: row.name,
    programId: row.program_id,
    common: false,
    contentType: row.content_type,
    kind: row.kind,
    width: row.width,
    height: row.height,
  };
}

/**
 * Checks an upload by its content, re-encodes a picture (see processImage),
 * and stores it for `db`'s program. A file refused stores nothing; if the row
 * cannot be written, the stored bytes are removed again.
 */
export async function storeUpload(store: BlobStore, db: ProgramDb, upload: Upload): Promise<StoreResult> {
  const sniffed = await sniffUpload(upload.bytes, upload.fileName, upload.kind);
  if (!sniffed.ok) return sniffed;
  let body = upload.bytes;
  let contentType = sniffed.contentType;
  let size: { width: number; height: number } | null = null;
  if (upload.kind === "image") {
    const image = await processImage(upload.bytes, upload.purpose ?? "plain", upload.crop);
    if (!image.ok) return image;
    ({ body, contentType } = image);
    size = { width: image.width, height: image.height };
  }
  const id = randomUUID();
  const name = downloadName(upload.fileName, contentType);
  const key = `p${db.programId}/${upload.kind}/${id}.${name.split(".").pop()}`;
  await store.put(key, body, contentType);
  try {
    const row = await db
      .insertInto("asset", {
        id,
        kind: upload.kind,
        name,
        content_type: contentType,
        byte_size: body.length,
        width: size?.width ?? null,
        height: size?.height ?? null,
        storage_key: key,
        created_by: upload.employeeId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ok: true, asset: toAsset(row) };
  } catch (error) {
    await store.delete(key);
    throw error;
  }
}

async function assetRow(db: ProgramDb, id: string) {
  if (!UUID.test(id)) return null;
  return (await db.selectFrom("asset").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/** An asset of `db`'s program and who uploaded it, or null (unknown id, or another program's). */
export async function findAsset(db: ProgramDb, id: string) {
  const row = await assetRow(db, id);
  return row ? { asset: toAsset(row), uploadedBy: row.created_by } : null;
}

/** An asset of `db`'s program, who uploaded it, and its bytes, or null (unknown id, another program's, or bytes gone). */
export async function readAsset(store: BlobStore, db: ProgramDb, id: string): Promise<{ asset: Asset; uploadedBy: number | null; bytes: StoredBytes } | null> {
  const row = await assetRow(db, id);
  if (!row) return null;
  const bytes = await store.get(row.storage_key);
  return bytes ? { asset: toAsset(row), uploadedBy: row.created_by, bytes } : null;
}
