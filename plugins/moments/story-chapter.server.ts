import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { versionedCache } from "~/modules/db/versioned-cache.server";
import type { StoryChapterSource } from "~/modules/shell/extension-points";

/** The most hashtags the chapter counts. */
const TOP_HASHTAGS = 10;

/** The hashtags of posts that mention a person, by how many posts carry each (posts everyone can read; banned tags left out). */
function hashtagRows(db: ProgramDb, personId: number) {
  return db
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
}

/** People's hashtags, kept per process under the feed's version, which any post, mention, hashtag or ban moves (decision 111). */
const keptHashtags = versionedCache({ limit: 10_000, changeVersion: "moments_feed" });

/** Moments' chapter of a person's recognition story: the hashtags of their recognition. */
export const hashtagsChapter: StoryChapterSource = {
  async chapter(access) {
    const rows = await keptHashtags(access, String(access.personId), () => hashtagRows(access.db, access.personId));
    return { title: "Hashtags", entries: rows.map((row) => ({ label: `#${row.label}`, count: row.count })) };
  },
};
