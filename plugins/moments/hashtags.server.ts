import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { skeleton } from "~/modules/text/skeleton.server";
import { TRENDING_LIMIT } from "./rules";

/** Whether a hashtag is one of the program's banned ones, or looks like one (its skeleton is theirs). */
export type IsBanned = (tag: string) => boolean;

/** The program's banned hashtags, compared by skeleton: a banned tag in full-width letters, another script's look-alikes or with an accent added is still banned. */
export async function bannedHashtags(db: ProgramDb): Promise<IsBanned> {
  const rows = await db.selectFrom("banned_hashtag").select("tag").execute();
  const skeletons = new Set(rows.map((row) => skeleton(row.tag)));
  return (tag) => skeletons.size > 0 && skeletons.has(skeleton(tag));
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
