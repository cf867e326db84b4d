import type { Kysely } from "kysely";
import { referenceWithinProgram } from "~/modules/db/program-keys";

/** A post's third kind of attachment: a link, shown by its preview (a link_preview of the post's program). */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("post").addColumn("link_preview_id", "integer").execute();
  await referenceWithinProgram(db, { table: "post", column: "link_preview_id", references: "link_preview", onDelete: "set null" });
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("post").dropColumn("link_preview_id").execute();
}
