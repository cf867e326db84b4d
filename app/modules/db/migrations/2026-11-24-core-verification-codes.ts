import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema.alterTable("employee").addColumn("phone_number", "text").execute();
  await db.schema
    .alterTable("employee")
    .addColumn("phone_verified", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable("verification_code")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull().references("employee.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("phone_number", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("verification_code_employee_idx")
    .on("verification_code")
    .columns(["program_id", "employee_id", "purpose", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("verification_code").execute();
  await db.schema.alterTable("employee").dropColumn("phone_verified").execute();
  await db.schema.alterTable("employee").dropColumn("phone_number").execute();
}
