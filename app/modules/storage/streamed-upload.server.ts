import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import {
  MaxPartSizeExceededError,
  NodeOnDiskFile,
  unstable_composeUploadHandlers,
  unstable_createFileUploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
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
  const handler = unstable_composeUploadHandlers(
    unstable_createFileUploadHandler({
      directory,
      // Kept as the person's file was named (the stored asset is named after it), within the folder.
      file: ({ filename }) => path.basename(filename).replace(/[^\w. -]/g, "_").slice(-120) || "upload",
      maxPartSize: uploadKinds[kind].maxBytes,
      filter: ({ name }) => name === field,
    }),
    unstable_createMemoryUploadHandler({ maxPartSize: FIELD_BYTES }),
  );
  try {
    let upload: StreamedUpload;
    try {
      const form = await unstable_parseMultipartFormData(request, handler);
      const file = form.get(field);
      upload = { ok: true, form, file: file instanceof NodeOnDiskFile ? { path: file.getFilePath(), name: file.name, size: file.size } : null };
    } catch (error) {
      if (!(error instanceof MaxPartSizeExceededError)) throw error;
      upload = { ok: false, tooLarge: true };
    }
    return await use(upload);
  } finally {
    await fs.rm(directory, { recursive: true, force: true });
  }
}
