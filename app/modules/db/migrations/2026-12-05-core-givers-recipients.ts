import type { Kysely } from "kysely";

/** Whom a person gave points to lately (the people lookup ranks them first): transfers by their actor, and a transfer's entries. */
export async function up(db: Kysely<any>) {
  await db.schema.createIndex("points_transfer_actor_idx").on("points_transfer").columns(["program_id", "actor_employee_id", "created_at"]).execute();
  await db.schema.createIndex("points_entry_transfer_idx").on("points_entry").columns(["program_id", "transfer_id"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("points_entry_transfer_idx").execute();
  await db.schema.dropIndex("points_transfer_actor_idx").execute();
}
