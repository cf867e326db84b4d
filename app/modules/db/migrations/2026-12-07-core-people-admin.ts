import { sql, type Kysely } from "kysely";
import { referenceWithinProgram } from "../program-keys";

/**
 * What a program manager keeps about people: an employee code (HR's key, which
 * imports match on), the hire date, the birthday as a month and a day (a year
 * is never asked for), when someone left; and every change made to a person,
 * by whom and from where (the people page or an import).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("employee")
    .addColumn("employee_code", "text")
    .addColumn("hire_date", "date")
    .addColumn("birth_month", "smallint", (c) => c.check(sql`birth_month between 1 and 12`))
    .addColumn("birth_day", "smallint", (c) => c.check(sql`birth_day between 1 and 31`))
    .addColumn("deactivated_at", "timestamptz")
    .execute();
  await sql`alter table employee add constraint employee_birthday_whole check ((birth_month is null) = (birth_day is null))`.execute(db);
  await db.schema.createIndex("employee_code_unique").on("employee").columns(["program_id", "employee_code"]).unique().execute();

  await db.schema
    .createTable("employee_change")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull())
    .addColumn("changed_by", "integer")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("before", "jsonb", (c) => c.notNull())
    .addColumn("after", "jsonb", (c) => c.notNull())
    .addColumn("changed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await referenceWithinProgram(db, { table: "employee_change", column: "employee_id", references: "employee", onDelete: "cascade" });
  await referenceWithinProgram(db, { table: "employee_change", column: "changed_by", references: "employee", onDelete: "set null" });
  await db.schema.createIndex("employee_change_employee_idx").on("employee_change").columns(["program_id", "employee_id", "changed_at"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("employee_change").execute();
  await db.schema.dropIndex("employee_code_unique").execute();
  await sql`alter table employee drop constraint employee_birthday_whole`.execute(db);
  await db.schema.alterTable("employee").dropColumn("employee_code").dropColumn("hire_date").dropColumn("birth_month").dropColumn("birth_day").dropColumn("deactivated_at").execute();
}
