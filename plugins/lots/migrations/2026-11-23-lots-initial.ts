import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("lot")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("lot_code", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("code_count", "integer", (c) => c.notNull().check(sql`code_count > 0`))
    .addColumn("points_per_code", "integer", (c) => c.notNull().check(sql`points_per_code > 0`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("CREATED"))
    .addColumn("created_by", "integer", (c) => c.references("employee.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("activated_by", "integer", (c) => c.references("employee.id").onDelete("set null"))
    .addColumn("activated_at", "timestamptz")
    .addUniqueConstraint("lot_code_unique", ["program_id", "lot_code"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("lot").execute();
}
