import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { bodyLimit, MAX_BODY_BYTES } from "~/modules/http/body-limits";
import { wantsDocument } from "~/modules/http/document-request";
import { attachPicture } from "../composer.server";
import { draftQuery } from "../draft";
import { requirePoster } from "./compose";

export { default, loader, meta } from "./compose";

export const handle = bodyLimit(MAX_BODY_BYTES, { upload: true });

/**
 * The composer's picture step posts here: the file is added to the draft,
 * which rides in the URL (so that a picture too large to read comes back to
 * its step, ?tooLarge=1, with the draft whole). Then back to the post: a page
 * without JavaScript, the composer's new state for its script.
 */
export async function action(args: ActionFunctionArgs) {
  const access = await requirePoster(args);
  const url = new URL(args.request.url);
  const attached = await attachPicture(args.context.app, access, url.searchParams, await args.request.formData());
  if (!attached.ok) return json({ view: attached.view }, { status: 400 });
  if (!wantsDocument(args.request)) return json({ view: attached.view });
  return redirect(`/compose?${draftQuery(attached.draft)}`);
}
