import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { skeleton } from "~/modules/text/skeleton.server";
import { hashtagKey } from "./hashtags";
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
  return (await hashtagsInUse(db, limit)).map((row) => row.name);
}

/** The program's banned hashtags, newest first, with who banned them. */
export async function bannedList(db: ProgramDb) {
  const rows = await db
    .selectFrom("banned_hashtag")
    .leftJoin("employee", "employee.id", "banned_hashtag.banned_by")
    .select(["banned_hashtag.tag", "banned_hashtag.name", "banned_hashtag.created_at", "employee.display_name as banned_by"])
    .orderBy("banned_hashtag.created_at", "desc")
    .orderBy("banned_hashtag.tag")
    .execute();
  return rows.map((row) => ({ tag: row.tag, name: row.name, bannedBy: row.banned_by, created: row.created_at.toISOString() }));
}

/** The hashtags used in the last 30 days that are not banned, most used first, with their use counts (trending, and what a moderator may ban). */
export async function hashtagsInUse(db: ProgramDb, limit: number) {
  return db
    .selectFrom("post_hashtag")
    .select(["tag", sql<string>`min(name)`.as("name"), sql<number>`count(*)::int`.as("uses")])
    .where("created_at", ">", sql<Date>`now() - make_interval(days => ${TRENDING_DAYS})`)
    .where("tag", "not in", db.selectFrom("banned_hashtag").select("tag"))
    .groupBy("tag")
    .orderBy("uses", "desc")
    .orderBy("tag")
    .limit(limit)
    .execute();
}

/** Bans a hashtag, recording who did; false when it was banned already. */
export async function banHashtag(db: ProgramDb, name: string, actorId: number) {
  const tag = hashtagKey(name);
  return db.transaction(async (tx) => {
    const added = await tx.insertInto("banned_hashtag", { tag, name: name.replace(/^#/, ""), banned_by: actorId }).onConflict((c) => c.doNothing()).returning("tag").executeTakeFirst();
    if (added) await tx.insertInto("moderation_event", { tag, action: "BANNED", actor_id: actorId }).execute();
    return added !== undefined;
  });
}

/** Lets a banned hashtag be used again (the spec's approve); false when it was not banned. */
export async function allowHashtag(db: ProgramDb, tag: string, actorId: number) {
  return db.transaction(async (tx) => {
    const removed = await tx.deleteFrom("banned_hashtag").where("tag", "=", tag).returning("tag").executeTakeFirst();
    if (removed) await tx.insertInto("moderation_event", { tag, action: "ALLOWED", actor_id: actorId }).execute();
    return removed !== undefined;
  });
}
