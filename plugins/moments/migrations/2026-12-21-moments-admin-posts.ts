import { sql, type Kysely } from "kysely";
import { addProgramKey, referenceWithinProgram } from "~/modules/db/program-keys";

const references = [
  { table: "admin_post", column: "author_id", references: "employee", onDelete: "set null" },
  { table: "admin_post", column: "segment_id", references: "segment", onDelete: "set null" },
] as const;

/**
 * Admin posts (decision 068): what a program's administrators say to everyone, a segment or some
 * groups, published now or at `activates_on` (by a job), pinned on top of the feed until
 * `pinned_until`. Once published it is a feed item of kind adminGenerated; the row keeps its
 * audience, pin and state (SCHEDULED, PUBLISHED, WITHDRAWN); its composer's key makes a form sent twice
 * one post. A change to it moves the feed's version.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("admin_post")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("author_id", "integer")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("show_title", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("audience", "text", (c) => c.notNull().check(sql`audience in ('ALL', 'SEGMENT', 'GROUPS')`))
    .addColumn("segment_id", "integer")
    .addColumn("group_ids", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("activates_on", "timestamptz", (c) => c.notNull())
    .addColumn("pinned_until", "timestamptz")
    .addColumn("state", "text", (c) => c.notNull().defaultTo("SCHEDULED").check(sql`state in ('SCHEDULED', 'PUBLISHED', 'WITHDRAWN')`))
    .addColumn("feed_item_id", "integer", (c) => c.references("feed_item.id").onDelete("set null"))
    .addColumn("form_key", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("admin_post_form_key", ["program_id", "form_key"])
    .execute();
  await db.schema.createIndex("admin_post_list_idx").on("admin_post").columns(["program_id", "id"]).execute();
  await db.schema.createIndex("admin_post_item_idx").on("admin_post").columns(["feed_item_id"]).execute();
  await addProgramKey(db, "admin_post");
  for (const reference of references) await referenceWithinProgram(db, reference);
  await sql`
    create constraint trigger admin_post_moments_feed_changed after insert or update or delete on admin_post
    deferrable initially deferred for each row execute function moments_feed_changed()`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("admin_post").execute();
}
