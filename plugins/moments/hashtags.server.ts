import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { TRENDING_LIMIT } from "./rules";

/** The program's banned hashtags, by comparison key. */
export async function bannedHashtags(db: ProgramDb) {
  const rows = await db.selectFrom("banned_hashtag").select("tag").execute();
  return new Set(rows.map((row) => row.tag));
}

const TRENDING_DAYS = 30;

/** The hashtags used most in the last 30 days, most used first. */
export async function trendingHashtags(db: ProgramDb, limit = TRENDING_LIMIT) {
  const rows = await db
    .selectFrom("post_hashtag")
    .select(["tag", sql<string>`min(name)`.as("name"), sql<number>`count(*)::int`.as("uses")])
    .where("created_at", ">", sql<Date>`now() - make_interval(days => ${TRENDING_DAYS})`)
    .where("tag", "not in", db.selectFrom("banned_hashtag").select("tag"))
    .groupBy("tag")
    .orderBy("uses", "desc")
    .orderBy("tag")
    .limit(limit)
    .execute();
  return rows.map((row) => row.name);
}
