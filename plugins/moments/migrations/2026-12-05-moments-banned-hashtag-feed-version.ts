import { sql, type Kysely } from "kysely";

/** A hashtag banned or let back changes how posts that write it are drawn (as text, not a link): the feed's version moves (decision 038). */
export async function up(db: Kysely<any>) {
  await sql`
    create constraint trigger banned_hashtag_moments_feed_changed after insert or update or delete on banned_hashtag
    deferrable initially deferred for each row execute function moments_feed_changed()`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop trigger banned_hashtag_moments_feed_changed on banned_hashtag`.execute(db);
}
