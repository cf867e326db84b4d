import { sql, type Kysely } from "kysely";

/**
 * People found by what pages look them up by (decision 097):
 * - a person's groups and segments, by the person: every profile names its person's groups, and the
 *   feed asks the viewer's memberships when an admin post is addressed to some. Both tables were
 *   keyed by group or segment first, so both reads scanned every membership of every program;
 * - a program's people in the orders they are listed in: the people admin's (their name, any case)
 *   sorted all of them for its first page (6.9 ms at 10,000 people; 0.4 ms walking its index), and
 *   the people of a large group, by name, hashed every person (4.1 ms; 1.4 ms).
 */
export async function up(db: Kysely<any>) {
  await db.schema.createIndex("employee_group_member_employee_idx").on("employee_group_member").columns(["program_id", "employee_id"]).execute();
  await db.schema.createIndex("employee_segment_employee_idx").on("employee_segment").columns(["program_id", "employee_id"]).execute();
  await db.schema.createIndex("employee_name_idx").on("employee").expression(sql`program_id, lower(display_name), id`).execute();
  await db.schema.createIndex("employee_display_name_idx").on("employee").columns(["program_id", "display_name", "id"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("employee_display_name_idx").execute();
  await db.schema.dropIndex("employee_name_idx").execute();
  await db.schema.dropIndex("employee_segment_employee_idx").execute();
  await db.schema.dropIndex("employee_group_member_employee_idx").execute();
}
