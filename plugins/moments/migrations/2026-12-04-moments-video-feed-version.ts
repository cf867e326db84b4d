import { sql, type Kysely } from "kysely";

/** A video's processing ending (its state, its file, its size) changes what a post's card shows: the feed's version moves (decision 038). */
export async function up(db: Kysely<any>) {
  await sql`
    create constraint trigger asset_moments_feed_changed after update of processing, storage_key, width, height on asset
    deferrable initially deferred for each row execute function moments_feed_changed()`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop trigger asset_moments_feed_changed on asset`.execute(db);
}
