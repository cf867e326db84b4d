import { sql, type Kysely } from "kysely";

/** What the feed draws (its pages, segment filter and leaderboard), by table: a change to any of these rows can change it. */
const DRAWN_FROM = ["feed_item", "post", "post_mention", "post_hashtag", "post_reaction", "post_comment", "post_amp", "segment", "employee_segment", "moments_score"];
/** An employee's columns the feed shows beside what they wrote, or ranks them by. */
const PERSON_COLUMNS = ["display_name", "first_name", "last_name", "job_title", "avatar_asset_id", "active", "preferences"];

/**
 * A version per program of everything its feed pages draw, so that a server
 * process may keep the pages it read until the version moves (decision 038).
 * Triggers move it at commit (deferred), once per program and transaction:
 * readers see the new version exactly when they can see the new rows, and
 * the row is locked only while committing, after every other lock the
 * transaction takes, so it adds no deadlock.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("moments_feed_version")
    .addColumn("program_id", "integer", (c) => c.primaryKey().references("program.id").onDelete("cascade"))
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();
  await sql`
    create function moments_feed_changed() returns trigger language plpgsql as $$
    declare
      program integer := case when tg_op = 'DELETE' then old.program_id else new.program_id end;
      marker text := 'moments.feed_changed_' || program;
    begin
      if coalesce(current_setting(marker, true), '') = '' then
        perform set_config(marker, 'yes', true);
        insert into moments_feed_version as v (program_id, version) values (program, 1)
          on conflict (program_id) do update set version = v.version + 1;
      end if;
      return null;
    end $$`.execute(db);
  for (const table of DRAWN_FROM) {
    await sql`
      create constraint trigger ${sql.id(`${table}_moments_feed_changed`)} after insert or update or delete on ${sql.table(table)}
      deferrable initially deferred for each row execute function moments_feed_changed()`.execute(db);
  }
  await sql`
    create constraint trigger employee_moments_feed_changed after update of ${sql.join(PERSON_COLUMNS.map((column) => sql.id(column)))} on employee
    deferrable initially deferred for each row execute function moments_feed_changed()`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const table of [...DRAWN_FROM, "employee"]) await sql`drop trigger ${sql.id(`${table}_moments_feed_changed`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function moments_feed_changed()`.execute(db);
  await db.schema.dropTable("moments_feed_version").execute();
}
