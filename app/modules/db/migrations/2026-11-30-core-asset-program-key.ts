import type { Kysely } from "kysely";
import { addProgramKey, referenceWithinProgram } from "../program-keys";

/** Assets get a program key, so rows that show one (an avatar, a post's picture) can only name their own program's. */
export async function up(db: Kysely<any>) {
  await addProgramKey(db, "asset");
  await referenceWithinProgram(db, { table: "employee", column: "avatar_asset_id", references: "asset", onDelete: "set null" });
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("employee").dropConstraint("employee_avatar_asset_id_program_fkey").execute();
  await db.schema.alterTable("employee").addForeignKeyConstraint("employee_avatar_asset_id_fkey", ["avatar_asset_id"], "asset", ["id"]).onDelete("set null").execute();
  await db.schema.alterTable("asset").dropConstraint("asset_program_key").execute();
}
