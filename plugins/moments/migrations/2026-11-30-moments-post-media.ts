import { sql, type Kysely } from "kysely";
import { referenceWithinProgram } from "~/modules/db/program-keys";

/**
 * A post's attachment: a picture (re-encoded for the feed) with its
 * description for people who cannot see it, or a video; each an asset of the
 * post's program.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("post")
    .addColumn("image_asset_id", "uuid")
    .addColumn("image_alt", "text", (c) => c.notNull().defaultTo(sql`''`))
    .addColumn("video_asset_id", "uuid")
    .execute();
  await referenceWithinProgram(db, { table: "post", column: "image_asset_id", references: "asset", onDelete: "set null" });
  await referenceWithinProgram(db, { table: "post", column: "video_asset_id", references: "asset", onDelete: "set null" });
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("post").dropColumn("video_asset_id").dropColumn("image_alt").dropColumn("image_asset_id").execute();
}
