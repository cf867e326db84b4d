import { versionedCache } from "~/modules/db/versioned-cache.server";

/**
 * What `read` reads under `key`, kept until the program's feed version moves (decision 038): a
 * few screens of each segment and hashtag, the leaderboards, the segments (300 keys per program).
 */
export const keptForFeed = versionedCache({
  limit: 300,
  changeVersion: "moments_feed",
});

/**
 * Each viewer's own leaderboard row, kept until the feed version moves (500 viewers per program):
 * apart from the reads above, so many viewers never push the shared ones out.
 */
export const keptForViewers = versionedCache({
  limit: 500,
  changeVersion: "moments_feed",
});

/**
 * Who reacted to a post, as its page lists them, kept until the feed version moves (300 lists per
 * program): apart from the feed's pages, so opening many posts never pushes those out.
 */
export const keptForPosts = versionedCache({
  limit: 300,
  changeVersion: "moments_feed",
});
