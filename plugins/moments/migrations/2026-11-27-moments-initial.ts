import { sql, type Kysely } from "kysely";

/**
 * The Moments feed's own data. A post is a feed item (feed_item, the core's
 * extension point) of kind userGenerated plus a row here with its text and
 * moderation status; mentions, hashtags, reactions and comments hang off the
 * feed item, so items other plugins publish can be reacted to and commented on too.
 */
export async function up(db: Kysely<any>) {
  const program = (c: any) => c.notNull().references("program.id").onDelete("cascade");
  const feedItem = (c: any) => c.notNull().references("feed_item.id").onDelete("cascade");
  const employee = (c: any) => c.notNull().references("employee.id").onDelete("cascade");

  await db.schema
    .createTable("post")
    .addColumn("id", "integer", (c) => c.primaryKey().references("feed_item.id").onDelete("cascade"))
    .addColumn("program_id", "integer", program)
    .addColumn("text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("PUBLISHED"))
    .addColumn("allow_amplify", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("edited_at", "timestamptz")
    .execute();

  await db.schema
    .createTable("post_mention")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", program)
    .addColumn("post_id", "integer", feedItem)
    .addColumn("employee_id", "integer", employee)
    .addColumn("points", "integer", (c) => c.check(sql`points > 0`))
    .addColumn("group_names", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("post_mention_once", ["program_id", "post_id", "employee_id"])
    .execute();
  await db.schema.createIndex("post_mention_employee_idx").on("post_mention").columns(["program_id", "employee_id", "created_at"]).execute();

  await db.schema
    .createTable("post_hashtag")
    .addColumn("program_id", "integer", program)
    .addColumn("post_id", "integer", feedItem)
    .addColumn("tag", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("post_hashtag_pk", ["program_id", "post_id", "tag"])
    .execute();
  await db.schema.createIndex("post_hashtag_tag_idx").on("post_hashtag").columns(["program_id", "tag", "post_id"]).execute();
  await db.schema.createIndex("post_hashtag_recent_idx").on("post_hashtag").columns(["program_id", "created_at"]).execute();

  await db.schema
    .createTable("banned_hashtag")
    .addColumn("program_id", "integer", program)
    .addColumn("tag", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("banned_hashtag_pk", ["program_id", "tag"])
    .execute();

  await db.schema
    .createTable("post_reaction")
    .addColumn("program_id", "integer", program)
    .addColumn("post_id", "integer", feedItem)
    .addColumn("employee_id", "integer", employee)
    .addColumn("reaction_type", "smallint", (c) => c.notNull().check(sql`reaction_type between 1 and 5`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("post_reaction_pk", ["program_id", "post_id", "employee_id"])
    .execute();

  await db.schema
    .createTable("post_comment")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", program)
    .addColumn("post_id", "integer", feedItem)
    .addColumn("employee_id", "integer", employee)
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("PUBLISHED"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("edited_at", "timestamptz")
    .addUniqueConstraint("post_comment_once", ["program_id", "post_id", "employee_id"])
    .execute();
  await db.schema.createIndex("post_comment_post_idx").on("post_comment").columns(["program_id", "post_id", "id"]).execute();

  await db.schema
    .createTable("post_amp")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", program)
    .addColumn("mention_id", "integer", (c) => c.notNull().references("post_mention.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", employee)
    .addColumn("points", "integer", (c) => c.notNull().check(sql`points > 0`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("post_amp_once", ["program_id", "mention_id", "employee_id"])
    .execute();

  await db.schema
    .createTable("post_report")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", program)
    .addColumn("post_id", "integer", feedItem)
    .addColumn("comment_id", "integer", (c) => c.references("post_comment.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", employee)
    .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("post_report_status_idx").on("post_report").columns(["program_id", "status", "id"]).execute();
}

export async function down(db: Kysely<any>) {
  for (const table of ["post_report", "post_amp", "post_comment", "post_reaction", "banned_hashtag", "post_hashtag", "post_mention", "post"]) {
    await db.schema.dropTable(table).execute();
  }
}
