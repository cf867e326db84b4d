import type { CardLoadArgs } from "~/modules/plugins/manifest";
import { rowId } from "~/utils/row-id";
import { composerStep } from "./composer.server";
import { feedPage } from "./feed.server";
import { keptForFeed } from "./feed-cache.server";
import { feedAccess, type FeedAccess } from "./guards.server";
import { enabledReactions } from "./options";

/** The program's enabled segments, when there is more than one to choose between. */
async function segmentsOf(access: FeedAccess) {
  const segments = await keptForFeed(access, "segments", () => access.db.selectFrom("segment").select(["id", "name"]).where("enabled", "=", true).orderBy("name").execute());
  return segments.length > 1 ? segments : [];
}

/** The feed on the home page: the composer, a page of items (?cursor= for the next), the segment filter. */
export async function feedCardData(args: CardLoadArgs) {
  const access = feedAccess(args);
  const url = new URL(args.request.url);
  const segments = await segmentsOf(access);
  const segment = segments.find((s) => s.id === rowId(url.searchParams.get("segment")))?.id;
  const [page, composer] = await Promise.all([
    feedPage(access, { before: rowId(url.searchParams.get("cursor")) ?? undefined, segment }),
    access.canPost ? composerStep(access, new URLSearchParams()) : Promise.resolve(null),
  ]);
  return {
    ...page,
    composer,
    segments,
    segment: segment ?? null,
    cursor: rowId(url.searchParams.get("cursor")),
    reactions: enabledReactions(access.options),
  };
}

export type FeedCardData = Awaited<ReturnType<typeof feedCardData>>;
