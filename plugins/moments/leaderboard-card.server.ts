import type { CardLoadArgs } from "~/modules/plugins/manifest";
import { keptForScores, keptForViewers } from "./feed-cache.server";
import { feedAccess, type FeedAccess } from "./guards.server";
import { leaderboardRangeOf, leaderboardTips, type LeaderboardRange } from "./leaderboard";
import { leaderboard } from "./leaderboard.server";

/** The leaderboard of a range with the tips for this viewer: the card's data and the /leaderboard page's. */
export async function leaderboardView(access: FeedAccess, range: LeaderboardRange) {
  const { viewer, options } = access;
  const postType = options.postTypes.userGenerated;
  return {
    ...(await leaderboard(access.db, viewer.tenant.program.timeZone, range, viewer.employee.id, new Date(), {
      top: (key, read) => keptForScores(access, key, read),
      own: (key, read) => keptForViewers(access, key, read),
    })),
    tips: leaderboardTips({
      canPost: access.canPost,
      canRespond: access.canRespond,
      canGivePoints: viewer.employee.permissions.canGiveDiscretionaryPoints === true,
      likesEnabled: postType.likesEnabled,
      commentsEnabled: postType.commentsEnabled,
      ampsEnabled: postType.ampsEnabled,
    }),
  };
}

export type LeaderboardView = Awaited<ReturnType<typeof leaderboardView>>;

/** The home page's leaderboard card; ?leaderboard=YEAR shows the year so far. */
export function leaderboardCardData(args: CardLoadArgs) {
  return leaderboardView(feedAccess(args), leaderboardRangeOf(new URL(args.request.url).searchParams.get("leaderboard")));
}
