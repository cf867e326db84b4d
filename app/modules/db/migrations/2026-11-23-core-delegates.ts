import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("employee_delegate")
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("delegator_id", "integer", (c) => c.notNull().references("employee.id").onDelete("cascade"))
    .addColumn("delegate_id", "integer", (c) => c.notNull().references("employee.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("employee_delegate_pk", ["delegator_id", "delegate_id"])
    .execute();
  await db.schema.createIndex("employee_delegate_delegate_idx").on("employee_delegate").columns(["program_id", "delegate_id"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("employee_delegate").execute();
}
