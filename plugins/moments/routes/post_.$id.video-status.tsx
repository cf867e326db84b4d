import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { rowId } from "~/utils/row-id";
import { requireFeed } from "../guards.server";

/**
 * A post's video processing (spec: GET social/post/{id}/video/status), which
 * its card asks for every 5 seconds while it is PROCESSING: NONE for a post
 * without a video. Another program's post is not found.
 */
export async function loader(args: LoaderFunctionArgs) {
  const access = await requireFeed(args);
  const id = rowId(args.params.id);
  const post = id
    ? await access.db
        .selectFrom("post")
        .leftJoin("asset", "asset.id", "post.video_asset_id")
        .select("asset.processing")
        .where("post.id", "=", id)
        .where("post.status", "!=", "DENIED")
        .executeTakeFirst()
    : undefined;
  if (!post) throw json({ error: "Post not found" }, { status: 404 });
  return json({ processing: post.processing ?? "NONE" }, { headers: { "Cache-Control": "no-store" } });
}
