/** What each kind of upload may be: the types recognised by content, and the size limit. */
export const uploadKinds = {
  image: {
    types: ["image/jpeg", "image/png", "image/webp", "image/gif"],
    maxBytes: 10 * 1024 * 1024,
    notThisKind: "This file is not an image. Choose a JPEG, PNG, WebP or GIF picture.",
    tooLarge: "Images must be at most 10 MB.",
  },
  video: {
    types: ["video/mp4", "video/webm", "video/quicktime"],
    maxBytes: 100 * 1024 * 1024,
    notThisKind: "This file is not a video. Choose an MP4, WebM or MOV video.",
    tooLarge: "Videos must be at most 100 MB.",
  },
  file: {
    types: [
      "application/pdf",
      "image/jpeg",
      "image/png",
      "application/zip",
      "text/csv",
      "application/vnd.ms-excel",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "application/json",
      "text/plain",
    ],
    maxBytes: 20 * 1024 * 1024,
    notThisKind: "This type of file is not accepted. Choose a PDF, JPG, PNG, ZIP, CSV, XLS, XLSX, JSON or TXT file.",
    tooLarge: "Files must be at most 20 MB.",
  },
} as const;

export type UploadKind = keyof typeof uploadKinds;

export const EMPTY_FILE = "This file is empty.";

/** The spec's download types: a file saved from the app gets the extension of its type, or .bin. */
const DOWNLOAD_EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/zip": "zip",
  "text/csv": "csv",
  "application/vnd.ms-excel": "xls",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/json": "json",
  "text/plain": "txt",
};

/** Media shown in the page rather than downloaded keep their own extension too. */
const MEDIA_EXTENSIONS: Record<string, string> = {
  "image/webp": "webp",
  "image/gif": "gif",
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
};

export function extensionOf(contentType: string) {
  return DOWNLOAD_EXTENSIONS[contentType] ?? MEDIA_EXTENSIONS[contentType] ?? "bin";
}

/**
 * A file name safe to save: characters no file system accepts (and control
 * characters) removed, its extension the one of its type (the spec's download helper).
 */
export function downloadName(name: string, contentType: string) {
  const cleaned = name
    .replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, "")
    .replace(/^[.\s]+|[.\s]+$/g, "")
    .slice(0, 120);
  const base = cleaned.replace(/\.[^.]*$/, "") || "download";
  return `${base}.${extensionOf(contentType)}`;
}
