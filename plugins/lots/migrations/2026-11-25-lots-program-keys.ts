import type { Kysely } from "kysely";
import { referenceWithinProgram } from "~/modules/db/program-keys";

/** A lot's creator and activator are employees of its own program. */
export async function up(db: Kysely<any>) {
  await referenceWithinProgram(db, { table: "lot", column: "created_by", references: "employee", onDelete: "set null" });
  await referenceWithinProgram(db, { table: "lot", column: "activated_by", references: "employee", onDelete: "set null" });
}
