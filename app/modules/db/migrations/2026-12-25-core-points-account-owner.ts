import type { Kysely } from "kysely";

/**
 * A person's points accounts found by their owner: the recognition story's sums and top people
 * start from them, and deleting a person checks them (the foreign key's restrict). Without it both
 * scanned every account of every program (decision 097).
 */
export async function up(db: Kysely<any>) {
  await db.schema.createIndex("points_account_employee_idx").on("points_account").columns(["program_id", "employee_id"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("points_account_employee_idx").execute();
}
