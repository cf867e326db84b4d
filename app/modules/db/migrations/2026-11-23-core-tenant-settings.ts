import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("tenant_settings")
    .addColumn("program_id", "integer", (c) => c.primaryKey().references("program.id").onDelete("cascade"))
    .addColumn("overrides", "jsonb", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "integer", (c) => c.references("employee.id").onDelete("set null"))
    .execute();

  await db.schema
    .createTable("tenant_settings_change")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.references("employee.id").onDelete("set null"))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("before", "jsonb", (c) => c.notNull())
    .addColumn("after", "jsonb", (c) => c.notNull())
    .addColumn("changed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("tenant_settings_change_idx").on("tenant_settings_change").columns(["program_id", "id"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("tenant_settings_change").execute();
  await db.schema.dropTable("tenant_settings").execute();
}
