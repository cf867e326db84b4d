import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { bodyLimit, MAX_STREAMED_BODY_BYTES } from "~/modules/http/body-limits";
import { wantsDocument } from "~/modules/http/document-request";
import { withStreamedUpload } from "~/modules/storage/streamed-upload.server";
import { attachVideo, videoTooLarge } from "../composer.server";
import { draftQuery } from "../draft";
import { requirePoster } from "./compose";

export { default, loader, meta } from "./compose";

export const handle = bodyLimit(MAX_STREAMED_BODY_BYTES, { upload: true, streamed: true });

/**
 * The composer's video step posts here: the file streams to disk as it
 * arrives (up to 100 MB, never held in memory), then is added to the draft,
 * which rides in the URL. Then back to the post, as the picture step does.
 */
export async function action(args: ActionFunctionArgs) {
  const access = await requirePoster(args);
  const url = new URL(args.request.url);
  return withStreamedUpload(args.request, { dataDir: args.context.app.env.DATA_DIR, field: "video", kind: "video" }, async (upload) => {
    if (!upload.ok) return json({ view: await videoTooLarge(access, url.searchParams) }, { status: 413 });
    const file = upload.file && upload.file.size > 0 ? upload.file : null;
    const attached = await attachVideo(args.context.app, access, url.searchParams, file);
    if (!attached.ok) return json({ view: attached.view }, { status: 400 });
    if (!wantsDocument(args.request)) return json({ view: attached.view });
    return redirect(`/compose?${draftQuery(attached.draft)}`);
  });
}
