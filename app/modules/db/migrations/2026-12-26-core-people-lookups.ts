import { sql, type Kysely } from "kysely";

/**
 * People found by what pages look them up by (decision 097):
 * - a person's groups and segments, by the person: every profile names its person's groups, and the
 *   feed asks the viewer's memberships when an admin post is addressed to some. Both tables were
 *   keyed by group or segment first, so both reads scanned every membership of every program;
 * - a program's people in the order the people admin lists them (their name, any case): its first
 *   page sorted all of them (6.9 ms at 10,000 people; 0.4 ms walking this index).
 */
export async function up(db: Kysely<any>) {
  await db.schema.createIndex("employee_group_member_employee_idx").on("employee_group_member").columns(["program_id", "employee_id"]).execute();
  await db.schema.createIndex("employee_segment_employee_idx").on("employee_segment").columns(["program_id", "employee_id"]).execute();
  await db.schema.createIndex("employee_name_idx").on("employee").expression(sql`program_id, lower(display_name), id`).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("employee_name_idx").execute();
  await db.schema.dropIndex("employee_segment_employee_idx").execute();
  await db.schema.dropIndex("employee_group_member_employee_idx").execute();
}
