import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { bodyLimit } from "~/modules/http/body-limits";
import { uploadKinds } from "~/modules/storage/upload-kinds";
import { withStreamedUpload } from "~/modules/storage/streamed-upload.server";
import { attachEcardMedia } from "../media.server";
import { ecardDraftQuery } from "../draft";
import { requireEcards } from "../guards.server";

export { default, loader, meta } from "./ecard.new._index";

/** The video streams to disk; one too large comes back to its step as ?tooLarge=1, the draft whole (it rides in the URL). */
export const handle = bodyLimit(uploadKinds.video.maxBytes + 1024 * 1024, { upload: true, streamed: true });

/** The composer's video step posts here: the sender's video becomes the card (processed by the platform's job), then back to the card. */
export async function action(args: ActionFunctionArgs) {
  const access = await requireEcards(args);
  const params = new URL(args.request.url).searchParams;
  const attached = await withStreamedUpload(args.request, { dataDir: args.context.app.env.DATA_DIR, field: "video", kind: "video" }, (upload) =>
    attachEcardMedia(args.context.app, access, params, "video", upload.ok ? upload : "too large"),
  );
  if (!attached.ok) return json({ view: attached.view }, { status: 400 });
  return redirect(`/ecard/new?${ecardDraftQuery(attached.draft)}`);
}
