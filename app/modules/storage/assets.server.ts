import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import type { Selectable } from "kysely";
import type { Db } from "~/modules/db/database.server";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { CommonAssetTable, VideoProcessing } from "~/modules/db/schema";
import { assetSource } from "./asset-source";
import type { BlobStore, ByteRange, StoredBytes } from "./blob-store.server";
import type { CropArea, ImagePurpose } from "./image-purposes";
import { processImage } from "./images.server";
import { sniffFile, sniffUpload } from "./sniff.server";
import { downloadName, type UploadKind } from "./upload-kinds";

/** The spec's Asset: where it is served (`source`), its name, program and type. A common asset (program 0) is every program's. */
export interface Asset {
  id: string;
  source: string;
  name: string;
  programId: number;
  common: boolean;
  contentType: string;
  kind: UploadKind;
  byteSize: number;
  width: number | null;
  height: number | null;
  /** A video's processing (video-processing.server.ts); null for pictures and files. */
  processing: VideoProcessing | null;
}

/** The spec's program of common assets. */
export const COMMON_PROGRAM_ID = 0;

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

function toAsset(row: Selectable<CommonAssetTable> & { program_id?: number; processing?: VideoProcessing | null }): Asset {
  return {
    id: row.id,
    source: assetSource(row.id, row.name),
    name: row.name,
    programId: row.program_id ?? COMMON_PROGRAM_ID,
    common: row.program_id === undefined,
    contentType: row.content_type,
    kind: row.kind,
    byteSize: row.byte_size,
    width: row.width,
    height: row.height,
    processing: row.processing ?? null,
  };
}

/** An upload checked by its content and, for a picture, re-encoded: what is stored, under which name and type. */
async function prepare(upload: Omit<Upload, "employeeId">) {
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
  return { ok: true as const, id, name, body, contentType, size, extension: name.split(".").pop()! };
}

/** Puts the bytes in the store, then writes their row; if the row cannot be written, the bytes are removed again. */
async function storeThen(store: BlobStore, key: string, prepared: { body: Buffer; contentType: string }, write: () => Promise<Asset>) {
  await store.put(key, prepared.body, prepared.contentType);
  try {
    return await write();
  } catch (error) {
    await store.delete(key);
    throw error;
  }
}

/**
 * Checks an upload by its content, re-encodes a picture (see processImage),
 * and stores it for `db`'s program. A file refused stores nothing.
 */
export async function storeUpload(store: BlobStore, db: ProgramDb, upload: Upload): Promise<StoreResult> {
  const prepared = await prepare(upload);
  if (!prepared.ok) return prepared;
  const { id, name, body, contentType, size } = prepared;
  const key = `p${db.programId}/${upload.kind}/${id}.${prepared.extension}`;
  const asset = await storeThen(store, key, prepared, async () =>
    toAsset(
      await db
        .insertInto("asset", { id, kind: upload.kind, name, content_type: contentType, byte_size: body.length, width: size?.width ?? null, height: size?.height ?? null, storage_key: key, created_by: upload.employeeId })
        .returningAll()
        .executeTakeFirstOrThrow(),
    ),
  );
  return { ok: true, asset };
}

/**
 * Stores a file streamed to disk (a video, see readStreamedUpload) for `db`'s
 * program: checked by its content, stored as it is, never read into memory.
 * A file refused stores nothing. `processing` is given only by the caller that
 * also enqueues the processing (storeUploadedVideo).
 */
export async function storeUploadedFile(
  store: BlobStore,
  db: ProgramDb,
  upload: { path: string; fileName: string; kind: Exclude<UploadKind, "image">; employeeId: number | null; processing?: VideoProcessing },
): Promise<StoreResult> {
  const sniffed = await sniffFile(upload.path, upload.fileName, upload.kind);
  if (!sniffed.ok) return sniffed;
  const id = randomUUID();
  const name = downloadName(upload.fileName, sniffed.contentType);
  const key = `p${db.programId}/${upload.kind}/${id}.${name.split(".").pop()}`;
  const { size } = await fs.stat(upload.path);
  await store.putFile(key, upload.path, sniffed.contentType);
  try {
    const row = await db
      .insertInto("asset", { id, kind: upload.kind, name, content_type: sniffed.contentType, byte_size: size, width: null, height: null, storage_key: key, created_by: upload.employeeId, processing: upload.processing ?? null })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ok: true, asset: toAsset(row) };
  } catch (error) {
    await store.delete(key);
    throw error;
  }
}

/**
 * Stores a common asset (program 0), shown by every program: checked and
 * re-encoded as an upload is. `db` is the unscoped database (a script's or a
 * seed's), as the asset is no program's.
 */
export async function storeCommonAsset(store: BlobStore, db: Db, upload: Omit<Upload, "employeeId">): Promise<StoreResult> {
  const prepared = await prepare(upload);
  if (!prepared.ok) return prepared;
  const { id, name, body, contentType, size } = prepared;
  const key = `common/${upload.kind}/${id}.${prepared.extension}`;
  const asset = await storeThen(store, key, prepared, async () =>
    toAsset(
      await db
        .insertInto("common_asset")
        .values({ id, kind: upload.kind, name, content_type: contentType, byte_size: body.length, width: size?.width ?? null, height: size?.height ?? null, storage_key: key })
        .returningAll()
        .executeTakeFirstOrThrow(),
    ),
  );
  return { ok: true, asset };
}

/** A program's own asset, or else a common one (program 0), by id. */
async function assetRow(db: ProgramDb, id: string): Promise<(Selectable<CommonAssetTable> & { program_id?: number; created_by: number | null; processing?: VideoProcessing | null }) | null> {
  if (!UUID.test(id)) return null;
  const own = await db.selectFrom("asset").selectAll().where("id", "=", id).executeTakeFirst();
  if (own) return own;
  const common = await db.selectFrom("common_asset").selectAll().where("id", "=", id).executeTakeFirst();
  return common ? { ...common, created_by: null } : null;
}

/** An asset of `db`'s program (or a common one) and who uploaded it, or null (unknown id, or another program's). */
export async function findAsset(db: ProgramDb, id: string) {
  const row = await assetRow(db, id);
  return row ? { asset: toAsset(row), uploadedBy: row.created_by } : null;
}

/**
 * An asset of `db`'s program (or a common one), who uploaded it, and its
 * bytes (those of `range` only, when given), or null (unknown id, another
 * program's, or bytes gone).
 */
export async function readAsset(store: BlobStore, db: ProgramDb, id: string, range?: (byteSize: number) => ByteRange | null): Promise<{ asset: Asset; uploadedBy: number | null; bytes: StoredBytes; range: ByteRange | null } | null> {
  const row = await assetRow(db, id);
  if (!row) return null;
  const found = await bytesOf(store, row, range);
  if (found) return found;
  // Processing may have moved the file to a new key, and removed the old one, since the row was read.
  const moved = await assetRow(db, id);
  return moved && moved.storage_key !== row.storage_key ? bytesOf(store, moved, range) : null;
}

async function bytesOf(store: BlobStore, row: NonNullable<Awaited<ReturnType<typeof assetRow>>>, range?: (byteSize: number) => ByteRange | null) {
  const part = range?.(row.byte_size) ?? null;
  const bytes = await store.get(row.storage_key, part ?? undefined);
  return bytes ? { asset: toAsset(row), uploadedBy: row.created_by, bytes, range: part } : null;
}
