import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";
import { uploadKinds, type UploadKind } from "./upload-kinds";

/** The text fields beside a streamed file: a form's, never a file's. */
const FIELD_BYTES = 100 * 1024;

/** A file streamed to disk: where it is, the name the person's file had, and its size. */
export interface StreamedFile {
  path: string;
  name: string;
  size: number;
}

export type StreamedUpload = { ok: true; form: FormData; file: StreamedFile | null } | { ok: false; tooLarge: true };

/** The name a file is kept under in its request's folder: the person's, with what a path could misread replaced. */
function keptName(filename: string) {
  return path.basename(filename).replace(/[^\w. -]/g, "_").slice(-120) || "upload";
}

/** A body that is not multipart, or breaks off, or lies about its parts: the client's error (see `isBadInput`). */
function unreadable(error: unknown) {
  return new TypeError(`Could not parse content as FormData: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * Reads a multipart body: the first file in `field` is written into `directory` as it arrives,
 * up to `maxBytes`; every other part is kept in memory up to FIELD_BYTES. busboy passes on views
 * of the body's chunks where Remix's parser copied them: a quarter of the CPU per megabyte (`npm run
 * bench:uploads`, decision 125).
 */
async function readStreamed(request: Request, { directory, field, maxBytes }: { directory: string; field: string; maxBytes: number }): Promise<StreamedUpload> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!request.body || !/^multipart\/form-data\s*;/i.test(contentType)) throw unreadable("not a multipart form");
  let parser: busboy.Busboy;
  try {
    // busboy says a limit is reached when a part comes to it, so one byte over each is what refuses.
    parser = busboy({ headers: { "content-type": contentType }, defParamCharset: "utf8", limits: { fileSize: maxBytes + 1, fieldSize: FIELD_BYTES + 1 } });
  } catch (error) {
    throw unreadable(error);
  }
  const form = new FormData();
  let file: StreamedFile | null = null;
  let tooLarge = false;
  const written: Promise<void>[] = [];
  const writeFailures: unknown[] = [];
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) tooLarge = true;
    else form.append(name, value);
  });
  parser.on("file", (name, stream, { filename, mimeType }) => {
    stream.on("limit", () => (tooLarge = true));
    // A part's stream fails only when the body does: the reading below reports that once.
    stream.on("error", () => undefined);
    if (name === field && filename && !file) {
      const keptAs = keptName(filename);
      const kept: StreamedFile = { path: path.join(directory, keptAs), name: keptAs, size: 0 };
      file = kept;
      // A file that cannot be written (a full disk) is ours, not the client's: it stops the reading and is thrown as it is.
      const ours = (error: Error) => {
        writeFailures.push(error);
        parser.destroy(error);
      };
      written.push(
        fs.promises.mkdir(directory, { recursive: true }).then(async () => {
          const out = fs.createWriteStream(kept.path).on("error", ours);
          await pipeline(stream, out).catch(() => undefined);
          kept.size = out.bytesWritten;
        }, ours),
      );
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > FIELD_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    stream.on("end", () => {
      if (size > FIELD_BYTES) return;
      const body = Buffer.concat(chunks);
      form.append(name, filename === undefined ? body.toString("utf8") : new File([body], filename, { type: mimeType }));
    });
  });
  const unread = await pipeline(Readable.fromWeb(request.body as NodeWebStream<Uint8Array>), parser).then(
    () => null,
    (error: unknown) => unreadable(error),
  );
  await Promise.all(written);
  // A file not written whole is ours, even when it failed after the body was read; then a body that could not be read is the client's.
  if (writeFailures.length > 0) throw writeFailures[0];
  if (unread) throw unread;
  return tooLarge ? { ok: false, tooLarge: true } : { ok: true, form, file };
}

/**
 * Reads a multipart form whose `field` is a large file (a video) and hands it
 * to `use`: the file is written to a folder of its own under DATA_DIR/tmp as
 * it arrives, never held in memory, and stops at its kind's size limit; the
 * other fields are read as usual. The folder is removed once `use` is done,
 * whatever happens.
 */
export async function withStreamedUpload<T>(
  request: Request,
  { dataDir, field, kind }: { dataDir: string; field: string; kind: UploadKind },
  use: (upload: StreamedUpload) => Promise<T>,
): Promise<T> {
  const directory = path.resolve(dataDir, "tmp", "uploads", randomUUID());
  try {
    return await use(await readStreamed(request, { directory, field, maxBytes: uploadKinds[kind].maxBytes }));
  } finally {
    await fs.promises.rm(directory, { recursive: true, force: true });
  }
}
