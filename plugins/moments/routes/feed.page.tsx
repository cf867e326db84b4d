import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { rowId } from "~/utils/row-id";
import { feedPage } from "../feed.server";
import { requireFeed } from "../guards.server";

/** The next page of the feed for infinite scroll: ?cursor=<last item id>&segment=<id>; the cursor is echoed so the page can check the order. */
export async function loader(args: LoaderFunctionArgs) {
  const access = await requireFeed(args);
  const params = new URL(args.request.url).searchParams;
  const cursor = rowId(params.get("cursor"));
  const page = await feedPage(access, { before: cursor ?? undefined, segment: rowId(params.get("segment")) ?? undefined });
  return json({ ...page, cursor });
}
