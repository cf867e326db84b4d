import { sql, type Kysely } from "kysely";

/**
 * An admin post's mentions (issue 29): the people it names, by id, and the points each of them is
 * given from its writer's points to give when it is published. They are kept on the post until
 * then (a scheduled post pays at its time); the feed item's mentions record what was given.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("admin_post")
    .addColumn("mention_ids", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("points_each", "integer", (c) => c.check(sql`points_each > 0`))
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("admin_post").dropColumn("mention_ids").dropColumn("points_each").execute();
}
