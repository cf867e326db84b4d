/** The spec's Moments leaderboard range. */
export const leaderboardRanges = ["MONTH", "YEAR"] as const;
export type LeaderboardRange = (typeof leaderboardRanges)[number];

export const rangeLabels: Record<LeaderboardRange, string> = { MONTH: "Monthly", YEAR: "Yearly" };

export function leaderboardRangeOf(value: string | null): LeaderboardRange {
  return value === "YEAR" ? "YEAR" : "MONTH";
}

/** What a viewer may do on the feed, as far as the tips are concerned. */
export interface TipsFor {
  canPost: boolean;
  canRespond: boolean;
  canGivePoints: boolean;
  likesEnabled: boolean;
  commentsEnabled: boolean;
  ampsEnabled: boolean;
}

/** The tips dialog's advice: one line per way this viewer can score, given their permissions and what the program enables. */
export function leaderboardTips(can: TipsFor): string[] {
  const tips: string[] = [];
  if (can.canPost) tips.push("Post a moment to recognize a colleague: every post scores a point.");
  if (can.canRespond && can.likesEnabled) tips.push("React to your colleagues' posts: every reaction scores a point.");
  if (can.canRespond && can.commentsEnabled) tips.push("Comment on posts: every comment scores a point.");
  if (can.canRespond && can.ampsEnabled && can.canGivePoints) tips.push("Amplify recognition with points of your own: every person you amplify scores a point.");
  return tips;
}
