import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { z } from "zod";
import type { AppServices } from "~/modules/services.server";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { defineJob } from "~/modules/jobs/job";
import type { Logger } from "~/modules/logger.server";
import { storeUploadedFile } from "./assets.server";
import { inspectVideo, writeIndexFirst } from "./video-container.server";

/**
 * Stores an uploaded video as its program's asset, PROCESSING, and enqueues
 * its processing in the same transaction: no video is left PROCESSING with no
 * job to end it.
 */
export async function storeUploadedVideo(app: AppServices, db: ProgramDb, upload: { path: string; fileName: string; employeeId: number | null }) {
  return db.transaction(async (tx) => {
    const stored = await storeUploadedFile(app.storage, tx, { ...upload, kind: "video", processing: "PROCESSING" });
    if (stored.ok) await app.jobs.enqueue(tx, processVideo, { assetId: stored.asset.id }, { key: stored.asset.id });
    return stored;
  });
}

const RETRIES = 3;

/**
 * A video's processing: its container is read (its length, its size as
 * shown, its tracks' codecs); a video no browser plays, or whose file is
 * broken, ends in ERROR; an MP4 whose index follows its media is rewritten
 * with the index first, so that it starts playing before it has all arrived,
 * and stored under a new key. Then COMPLETE. Idempotent: a video that is no
 * longer PROCESSING is left as it is. The last run that fails (storage or
 * disk trouble) ends it in ERROR, so no video stays PROCESSING for good.
 */
export const processVideo = defineJob({
  name: "core.process-video",
  data: z.object({ assetId: z.string().uuid() }),
  retries: RETRIES,
  async run({ app, db, log, data, attempt }) {
    try {
      await processAsset(app, db, log, data.assetId);
    } catch (error) {
      if (attempt <= RETRIES) throw error;
      await finish(db, log, data.assetId, { processing: "ERROR" }, (error as Error).message);
    }
  },
});

async function processAsset(app: AppServices, db: ProgramDb, log: Logger, assetId: string) {
  const asset = await db
    .selectFrom("asset")
    .select(["id", "storage_key", "content_type"])
    .where("id", "=", assetId)
    .where("kind", "=", "video")
    .where("processing", "=", "PROCESSING")
    .executeTakeFirst();
  if (!asset) return;
  const temporary = path.resolve(app.env.DATA_DIR, "tmp");
  await fs.mkdir(temporary, { recursive: true });
  const work = await fs.mkdtemp(path.join(temporary, "video-"));
  try {
    const bytes = await app.storage.get(asset.storage_key);
    if (!bytes) return void (await finish(db, log, asset.id, { processing: "ERROR" }, "the file is gone"));
    const original = path.join(work, "original");
    const rewritten = path.join(work, "index-first");
    await pipeline(Readable.fromWeb(bytes.body as NodeReadableStream<Uint8Array>), createWriteStream(original));
    const outcome = await withFile(original, "r", async (source) => {
      const inspection = await inspectVideo(source);
      if (inspection.ok && inspection.moveIndex) await withFile(rewritten, "w", (target) => writeIndexFirst(source, target, inspection.moveIndex!));
      return inspection;
    });
    if (!outcome.ok) return void (await finish(db, log, asset.id, { processing: "ERROR" }, outcome.reason));
    const { facts } = outcome;
    const metadata = { processing: "COMPLETE" as const, width: facts.width, height: facts.height, duration_ms: facts.durationMs };
    if (!outcome.moveIndex) return void (await finish(db, log, asset.id, metadata));
    const key = asset.storage_key.replace(/[^/]+(\.[a-z0-9]+)$/, `${randomUUID()}$1`);
    await app.storage.putFile(key, rewritten, asset.content_type);
    const { size } = await fs.stat(rewritten);
    const moved = await finish(db, log, asset.id, { ...metadata, storage_key: key, byte_size: size });
    await app.storage.delete(moved ? asset.storage_key : key);
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

async function withFile<T>(file: string, flags: "r" | "w", use: (handle: fs.FileHandle) => Promise<T>) {
  const handle = await fs.open(file, flags);
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

/** Ends a video's processing, unless another run already did; whether this one did. */
async function finish(
  db: ProgramDb,
  log: Logger,
  assetId: string,
  change: { processing: "COMPLETE" | "ERROR"; width?: number | null; height?: number | null; duration_ms?: number | null; storage_key?: string; byte_size?: number },
  reason?: string,
) {
  const result = await db.updateTable("asset").set(change).where("id", "=", assetId).where("processing", "=", "PROCESSING").executeTakeFirst();
  log.info({ event: "video_processed", assetId, processing: change.processing, reason }, "video processed");
  return result.numUpdatedRows > 0n;
}
