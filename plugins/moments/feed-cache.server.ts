import { versionedCache } from "~/modules/db/versioned-cache.server";
import { ownVersions } from "~/modules/employees/service.server";

/**
 * What `read` reads under `key`, kept until the program's feed version moves (decision 038): a
 * few screens of each segment and hashtag (without their reaction counts), the segments (2,000 keys
 * in all). Reactions and scores move a version of their own (decision 102).
 */
export const keptForFeed = versionedCache({
  limit: 2_000,
  changeVersion: "moments_feed",
});

/** What draws on both the feed's rows (posts, comments, people's names) and its activity (reactions, scores, reports): kept until either version moves. */
const FEED_AND_ACTIVITY = ["moments_feed", "moments_activity"];

/** The reaction counts of a screen of posts, kept until a reaction changes (2,000 screens in all). */
export const keptForCounts = versionedCache({
  limit: 2_000,
  changeVersion: "moments_activity",
});

/** The leaderboards' tops: scores and the names beside them (1,000 in all). */
export const keptForScores = versionedCache({
  limit: 1_000,
  changeVersion: FEED_AND_ACTIVITY,
});

/**
 * Each viewer's own leaderboard row (5,000 viewers in all): apart from the tops, so many viewers
 * never push the shared ones out.
 */
export const keptForViewers = versionedCache({
  limit: 5_000,
  changeVersion: FEED_AND_ACTIVITY,
});

/**
 * Who reacted to a post, as its page lists them (1,000 lists in all): apart from the feed's
 * pages, so opening many posts never pushes those out.
 */
export const keptForPosts = versionedCache({
  limit: 1_000,
  changeVersion: FEED_AND_ACTIVITY,
});

/**
 * Each viewer's own part of a screen of posts: their reactions, comments, amplifications and open
 * reports (5,000 screens in all, decision 105): the first page, the next ones and a post opened.
 * Kept under the viewer's own version (decision 127), which those rows move: a colleague's reaction
 * moves the counts, not everyone's own part.
 */
export const keptForViewerRows = versionedCache({
  limit: 5_000,
  changeVersion: ({ viewer }) => ownVersions(viewer.employee.id),
});
