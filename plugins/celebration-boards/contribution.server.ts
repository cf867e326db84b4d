import fs from "node:fs/promises";
import type { ActionFunctionArgs } from "@remix-run/node";
import { storeUpload } from "~/modules/storage/assets.server";
import { chosenCrop } from "~/modules/storage/crop-fields.server";
import { BAD_CROP } from "~/modules/storage/images.server";
import { withStreamedUpload, type StreamedFile } from "~/modules/storage/streamed-upload.server";
import { uploadKinds } from "~/modules/storage/upload-kinds";
import { checkContribution } from "./composer.server";
import type { BoardsAccess } from "./guards.server";

/** A message to write on a board, checked: its words, and its picture (stored; null: removed; undefined: kept). */
export type ReadContribution = { ok: true; message: string; picture?: string | null } | { ok: false; errors: { message?: string[]; picture?: string[] }; typed: string };

/** Stores the author's picture, cropped to the board's 5:4 where the cropper says (else at its centre). */
async function storedPicture(access: BoardsAccess, form: FormData, file: StreamedFile): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  const chosen = chosenCrop(form);
  if (!chosen.ok) return { ok: false, message: BAD_CROP };
  const bytes = await fs.readFile(file.path);
  const stored = await storeUpload(access.app.storage, access.db, { bytes, fileName: file.name, kind: "image", purpose: "celebrationBoard", employeeId: access.viewer.employee.id, crop: chosen.crop });
  return stored.ok ? { ok: true, id: stored.asset.id } : { ok: false, message: stored.message };
}

async function read(access: BoardsAccess, form: FormData, file: StreamedFile | null): Promise<ReadContribution> {
  const checked = checkContribution(form);
  if (!checked.ok) return { ok: false, errors: checked.errors, typed: checked.message };
  // A picture is stored only with a message that passes, so a refused form leaves no picture behind.
  if (file === null || file.size === 0 || !access.options.customImagesEnabled) return { ok: true, message: checked.message, picture: form.get("removePicture") === "on" ? null : undefined };
  const picture = await storedPicture(access, form, file);
  return picture.ok ? { ok: true, message: checked.message, picture: picture.id } : { ok: false, errors: { picture: [picture.message] }, typed: checked.message };
}

/** Whether a post is multipart: the board page's message form (the page's only one), its picture streamed. */
export function isMultipart(request: Request) {
  return (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
}

/**
 * The board page's message form: a multipart post whose picture streams to disk (up to the
 * picture's limit), or `form`, a plain one without a picture. What is wrong comes back beside its
 * field, with what was typed.
 */
export function readContribution(args: ActionFunctionArgs, access: BoardsAccess, form: FormData | null): Promise<ReadContribution> {
  if (form) return read(access, form, null);
  return withStreamedUpload(args.request, { dataDir: args.context.app.env.DATA_DIR, field: "picture", kind: "image" }, async (upload) =>
    upload.ok ? read(access, upload.form, upload.file) : { ok: false as const, errors: { picture: [uploadKinds.image.tooLarge] }, typed: "" },
  );
}
