import fs from "node:fs/promises";
import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import type { AppServices } from "~/modules/services.server";
import { withStreamedUpload } from "~/modules/storage/streamed-upload.server";
import { storeUpload } from "~/modules/storage/assets.server";
import { chosenCrop } from "~/modules/storage/crop-fields.server";
import { BAD_CROP } from "~/modules/storage/images.server";
import type { StreamedFile } from "~/modules/storage/streamed-upload.server";
import { EMPTY_FILE, uploadKinds } from "~/modules/storage/upload-kinds";
import { storeUploadedVideo } from "~/modules/storage/video-processing.server";
import { composerView } from "./composer.server";
import { ecardDraftQuery, readEcardDraft } from "./draft";
import { requireEcards, type EcardsAccess } from "./guards.server";

export const NO_PICTURE = "Choose a picture.";
export const NO_VIDEO = "Choose a video.";

/**
 * The picture or video step's upload, streamed to disk: a picture of the sender's is checked by
 * its content and cropped to the eCard canvas (16:9, 700x394) where the cropper says, else at its
 * centre; a video is checked
 * and stored, then processed by the platform's video job. It becomes the draft's design; a file
 * refused stays out, and the step says why beside its field.
 */
export async function attachEcardMedia(
  app: AppServices,
  access: EcardsAccess,
  params: URLSearchParams,
  kind: "image" | "video",
  upload: { file: StreamedFile | null; form: FormData } | "too large",
) {
  const draft = readEcardDraft(params);
  if (!draft.key) draft.key = crypto.randomUUID();
  const step = kind === "video" ? "video" : "picture";
  const refuse = async (message: string) => ({ ok: false as const, view: await composerView(access, { step, draft, errors: { [step]: [message] } }) });
  const allowed = kind === "video" ? access.options.videosEnabled : access.options.customPicturesEnabled;
  if (!allowed) return { ok: false as const, view: await composerView(access, { step: "compose", draft }) };
  if (upload === "too large") return refuse(uploadKinds[kind].tooLarge);
  const { file } = upload;
  if (!file) return refuse(kind === "video" ? NO_VIDEO : NO_PICTURE);
  if (file.size === 0) return refuse(EMPTY_FILE);
  // The area the cropper chose (with JavaScript); without it the picture is cropped at its centre.
  const chosen = chosenCrop(upload.form);
  if (!chosen.ok) return refuse(BAD_CROP);
  const employeeId = access.viewer.employee.id;
  const stored =
    kind === "video"
      ? await storeUploadedVideo(app, access.db, { path: file.path, fileName: file.name, employeeId })
      : await storeUpload(app.storage, access.db, { bytes: await fs.readFile(file.path), fileName: file.name, kind: "image", purpose: "ecard", employeeId, crop: chosen.crop });
  if (!stored.ok) return refuse(stored.message);
  return { ok: true as const, draft: { ...draft, design: `${kind === "video" ? "video" : "upload"}:${stored.asset.id}` } };
}

/**
 * The action of the composer's picture or video step: the file streams to disk (the draft rides
 * in the URL, so one too large comes back to its step whole) and becomes the card's design,
 * then back to the card; a file refused is said beside its field.
 */
export async function uploadMedia(args: ActionFunctionArgs, kind: "image" | "video") {
  const access = await requireEcards(args);
  const params = new URL(args.request.url).searchParams;
  const field = kind === "video" ? "video" : "picture";
  const attached = await withStreamedUpload(args.request, { dataDir: args.context.app.env.DATA_DIR, field, kind }, (upload) =>
    attachEcardMedia(args.context.app, access, params, kind, upload.ok ? upload : "too large"),
  );
  if (!attached.ok) return json({ view: attached.view }, { status: 400 });
  return redirect(`/ecard/new?${ecardDraftQuery(attached.draft)}`);
}
