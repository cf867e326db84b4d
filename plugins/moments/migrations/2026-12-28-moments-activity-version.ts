import { sql, type Kysely } from "kysely";
import { addChangeVersion, dropChangeVersion, type Watched } from "~/modules/db/change-versions";

/** What reactions and scores change: a post's reaction counts, who reacted, the leaderboard. */
const ACTIVITY: Watched[] = [{ table: "post_reaction" }, { table: "moments_score" }];

/**
 * Reactions and scores move a version of their own, `moments_activity`, no longer the feed's
 * (decision 102): a reaction, the most frequent change of a program in use, then leaves every kept
 * page of the feed as it was; only the counts, the reactor lists and the leaderboard are read again.
 */
export async function up(db: Kysely<any>) {
  await addChangeVersion(db, "moments_activity", ACTIVITY);
  for (const { table } of ACTIVITY) await sql`drop trigger ${sql.id(`${table}_moments_feed_changed`)} on ${sql.table(table)}`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const { table } of ACTIVITY) {
    await sql`
      create constraint trigger ${sql.id(`${table}_moments_feed_changed`)} after insert or update or delete on ${sql.table(table)}
      deferrable initially deferred for each row execute function moments_feed_changed()`.execute(db);
  }
  await dropChangeVersion(db, "moments_activity", ACTIVITY);
}
