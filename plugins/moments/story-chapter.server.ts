import { sql } from "kysely";
import type { StoryChapterSource } from "~/modules/shell/extension-points";

/** The most hashtags the chapter counts. */
const TOP_HASHTAGS = 10;

/**
 * Moments' chapter of a person's recognition story: the hashtags of the posts that mention them,
 * by how many posts carry each (posts everyone can read; banned tags left out).
 */
export const hashtagsChapter: StoryChapterSource = {
  async chapter({ db, personId }) {
    const rows = await db
      .selectFrom("post_mention as m")
      .innerJoin("post as p", "p.id", "m.post_id")
      .innerJoin("post_hashtag as h", "h.post_id", "m.post_id")
      .leftJoin("banned_hashtag as b", "b.tag", "h.tag")
      .select([sql<string>`max(h.name)`.as("label"), sql<number>`count(*)::int`.as("count")])
      .where("m.employee_id", "=", personId)
      .where("p.status", "in", ["PUBLISHED", "APPROVED"])
      .where("b.tag", "is", null)
      .groupBy("h.tag")
      .orderBy("count", "desc")
      .orderBy("label")
      .limit(TOP_HASHTAGS)
      .execute();
    return { title: "Hashtags", entries: rows.map((row) => ({ label: `#${row.label}`, count: row.count })) };
  },
};
