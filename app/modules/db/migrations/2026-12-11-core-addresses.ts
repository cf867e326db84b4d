import { sql, type Kysely } from "kysely";

/** Employees' postal addresses (/settings/addresses), for every store that ships. */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("address")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull().references("employee.id").onDelete("cascade"))
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("line1", "text", (c) => c.notNull())
    .addColumn("line2", "text")
    .addColumn("city", "text")
    .addColumn("state", "text")
    .addColumn("postal_code", "text")
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("is_default", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("address_employee").on("address").columns(["program_id", "employee_id", "id"]).execute();
  // One default address per person, whatever runs at the same time.
  await sql`create unique index address_one_default on address (program_id, employee_id) where is_default`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("address").execute();
}
