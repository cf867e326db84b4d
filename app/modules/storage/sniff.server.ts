import fs from "node:fs/promises";
import { fileTypeFromBuffer } from "file-type";
import { EMPTY_FILE, uploadKinds, type UploadKind } from "./upload-kinds";

export type Sniffed = { ok: true; contentType: string } | { ok: false; message: string };

const TEXT_TYPES: Record<string, string> = { csv: "text/csv", txt: "text/plain", json: "application/json" };

/** Text has no magic bytes: it is text if it decodes as UTF-8 and holds no NUL. */
function isText(bytes: Buffer) {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * What an upload really is, read from its bytes (magic numbers), never from
 * its name or the type the browser declared: an .exe renamed .png is not an image.
 * Text types, which have no magic, are taken from the name only when the bytes are text.
 */
export function sniffUpload(bytes: Buffer, fileName: string, kind: UploadKind): Promise<Sniffed> {
  return sniffBytes(bytes, bytes.length, fileName, kind);
}

/** The bytes a type is told by: magic numbers lie in the first few kilobytes. */
const HEAD_BYTES = 64 * 1024;

/** The same, for an upload streamed to a file (a video): only its head is read, unless it may be text. */
export async function sniffFile(path: string, fileName: string, kind: UploadKind): Promise<Sniffed> {
  const { size } = await fs.stat(path);
  const handle = await fs.open(path);
  try {
    const mayBeText = kind === "file" && size <= uploadKinds.file.maxBytes;
    const head = Buffer.alloc(mayBeText ? size : Math.min(size, HEAD_BYTES));
    await handle.read(head, 0, head.length, 0);
    return sniffBytes(head, size, fileName, kind);
  } finally {
    await handle.close();
  }
}

async function sniffBytes(bytes: Buffer, size: number, fileName: string, kind: UploadKind): Promise<Sniffed> {
  const rules = uploadKinds[kind];
  if (size === 0) return { ok: false, message: EMPTY_FILE };
  if (size > rules.maxBytes) return { ok: false, message: rules.tooLarge };
  const detected = await fileTypeFromBuffer(bytes);
  let contentType: string | undefined = detected?.mime;
  if (contentType === "application/x-cfb") contentType = "application/vnd.ms-excel";
  if (!detected) {
    const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? "";
    if (TEXT_TYPES[extension] && isText(bytes)) contentType = TEXT_TYPES[extension];
  }
  if (!contentType || !(rules.types as readonly string[]).includes(contentType)) return { ok: false, message: rules.notThisKind };
  return { ok: true, contentType };
}
