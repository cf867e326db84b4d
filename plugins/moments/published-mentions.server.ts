import type { FeedItemListener } from "~/modules/shell/extension-points";

/**
 * The people an item another plugin publishes names (a birthday's celebrant, an eCard's
 * recipients) become its mentions, as a post's: shown on it, and amplified where its post
 * type allows. The publisher moved any points and sent its own notifications.
 */
export const recordPublishedMentions: FeedItemListener = {
  async published({ db, item }) {
    if (item.mentions.length === 0) return;
    await db
      .insertInto(
        "post_mention",
        item.mentions.map((mention) => ({ post_id: item.id, employee_id: mention.employeeId, points: mention.points ?? null, group_names: "[]" })),
      )
      .onConflict((c) => c.columns(["program_id", "post_id", "employee_id"]).doNothing())
      .execute();
  },
};
