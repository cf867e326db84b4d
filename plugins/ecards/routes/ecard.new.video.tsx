import { bodyLimit } from "~/modules/http/body-limits";
import { uploadKinds } from "~/modules/storage/upload-kinds";
import type { ActionFunctionArgs } from "@remix-run/node";
import { uploadMedia } from "../media.server";

export { default, loader, meta } from "./ecard.new._index";

/** The composer's video step posts here; its file streams to disk, up to the video's limit (then ?tooLarge=1). */
export const handle = bodyLimit(uploadKinds.video.maxBytes + 1024 * 1024, { upload: true, streamed: true });

export async function action(args: ActionFunctionArgs) {
  return uploadMedia(args, "video");
}
