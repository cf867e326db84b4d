import { sql, type Kysely } from "kysely";
import { addProgramKey, referenceWithinProgram } from "~/modules/db/program-keys";

const references = [
  { table: "moderation_event", column: "actor_id", references: "employee", onDelete: "set null" },
  { table: "banned_hashtag", column: "banned_by", references: "employee", onDelete: "set null" },
] as const;

/**
 * Moderation (decision 067): a report says why (a reason from a short list, and the reporter's
 * words); a report is open ('new') until a moderator decides on its item ('closed'), so one
 * decision answers every report of it. `moderation_event` is each item's history: held at the
 * threshold (no actor), approved or removed by a moderator (with the reason the author is told),
 * a hashtag banned or let back. A banned hashtag keeps its spelling, who banned it and when.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("post_report")
    .addColumn("reason", "text", (c) => c.notNull().defaultTo("OTHER").check(sql`reason in ('OFFENSIVE', 'HARASSMENT', 'SPAM', 'PRIVATE', 'OTHER')`))
    .addColumn("details", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("closed_at", "timestamptz")
    .execute();
  await db.schema.createIndex("post_report_item_idx").on("post_report").columns(["program_id", "post_id", "comment_id"]).execute();

  await db.schema
    .createTable("moderation_event")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("post_id", "integer", (c) => c.references("feed_item.id").onDelete("cascade"))
    .addColumn("comment_id", "integer", (c) => c.references("post_comment.id").onDelete("cascade"))
    .addColumn("tag", "text")
    .addColumn("actor_id", "integer")
    .addColumn("action", "text", (c) => c.notNull().check(sql`action in ('HELD', 'APPROVED', 'DENIED', 'BANNED', 'ALLOWED')`))
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("moderation_event_subject", sql`(post_id is not null) <> (tag is not null)`)
    .execute();
  await db.schema.createIndex("moderation_event_item_idx").on("moderation_event").columns(["program_id", "post_id", "comment_id", "id"]).execute();
  await db.schema.createIndex("moderation_event_tag_idx").on("moderation_event").columns(["program_id", "tag", "id"]).execute();

  await db.schema
    .alterTable("banned_hashtag")
    .addColumn("name", "text")
    .addColumn("banned_by", "integer")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`update banned_hashtag set name = tag`.execute(db);
  await sql`alter table banned_hashtag alter column name set not null`.execute(db);

  await addProgramKey(db, "moderation_event");
  for (const reference of references) await referenceWithinProgram(db, reference);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("moderation_event").execute();
  await db.schema.alterTable("banned_hashtag").dropColumn("name").dropColumn("banned_by").dropColumn("created_at").execute();
  await db.schema.dropIndex("post_report_item_idx").execute();
  await db.schema.alterTable("post_report").dropColumn("reason").dropColumn("details").dropColumn("closed_at").execute();
}
