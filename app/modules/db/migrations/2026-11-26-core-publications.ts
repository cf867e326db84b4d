import { sql, type Kysely } from "kysely";

/**
 * What plugins publish for others to show: items of the Moments feed (by the
 * spec's socialType) and of people's profile walls (by the spec's wall item
 * type). A publisher writes them whether or not the plugin that shows them is on.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("feed_item")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("foreign_id", "text", (c) => c.notNull())
    .addColumn("author_id", "integer", (c) => c.references("employee.id").onDelete("set null"))
    .addColumn("data", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("feed_item_foreign_key", ["program_id", "kind", "foreign_id"])
    .execute();
  await db.schema.createIndex("feed_item_program_idx").on("feed_item").columns(["program_id", "id"]).execute();
  await db.schema
    .createTable("wall_item")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull().references("employee.id").onDelete("cascade"))
    .addColumn("item_type", "text", (c) => c.notNull())
    .addColumn("foreign_id", "text", (c) => c.notNull())
    .addColumn("data", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("wall_item_foreign_key", ["program_id", "employee_id", "item_type", "foreign_id"])
    .execute();
  await db.schema.createIndex("wall_item_employee_idx").on("wall_item").columns(["program_id", "employee_id", "id"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("wall_item").execute();
  await db.schema.dropTable("feed_item").execute();
}
