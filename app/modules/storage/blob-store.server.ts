import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { Env } from "~/modules/env.server";

/** Bytes read back from a store, as a stream, and how many there are. */
export interface StoredBytes {
  body: ReadableStream<Uint8Array>;
  size: number;
}

/** A part of a stored object: its first and last byte, both included (HTTP's Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live: files in DATA_DIR (the embedded default) or an
 * S3-compatible bucket. Keys begin with the program's prefix (see assets.server.ts).
 */
export interface BlobStore {
  readonly kind: "files" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a file from disk (a streamed upload) without reading it into memory. */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** The object's bytes, or those of `range` only; null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<StoredBytes | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+(?:\.[a-z0-9]+)?$/;

export function checkKey(key: string) {
  if (!KEY.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Writes `file` under a temporary name, then renames it: a reader never sees half a file. */
async function writeAtomically(file: string, write: (partial: string) => Promise<void>) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await write(partial);
  await fs.rename(partial, file);
}

/** Files under `root`, each written whole before it can be read (writeAtomically). */
export function fileStore(root: string): BlobStore {
  const fileOf = (key: string) => path.join(root, checkKey(key));
  return {
    kind: "files",
    async put(key, body) {
      await writeAtomically(fileOf(key), (partial) => fs.writeFile(partial, body));
    },
    async putFile(key, source) {
      await writeAtomically(fileOf(key), (partial) => fs.copyFile(source, partial));
    },
    async get(key, range) {
      const file = fileOf(key);
      try {
        const { size } = await fs.stat(file);
        const stream = range ? createReadStream(file, { start: range.start, end: range.end }) : createReadStream(file);
        return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size: range ? range.end - range.start + 1 : size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

/** The store the environment names: an S3 bucket when S3_BUCKET is set, else files in DATA_DIR/files. */
export async function createBlobStore(env: Env): Promise<BlobStore> {
  if (!env.S3_BUCKET) return fileStore(path.resolve(env.DATA_DIR, "files"));
  // Loaded only for S3: the embedded default starts without the AWS SDK.
  const { s3Store } = await import("./s3-store.server");
  return s3Store({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}
