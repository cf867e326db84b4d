import { sql, type Kysely } from "kysely";

/**
 * A video's processing (spec: videoProcessing): PROCESSING from its upload
 * until a background job has read its container, COMPLETE once it plays (its
 * length and size known, its index moved first), ERROR when it cannot be
 * played. Null for pictures and files. Videos stored before are COMPLETE.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("asset")
    .addColumn("processing", "text", (c) => c.check(sql`processing in ('PROCESSING', 'COMPLETE', 'ERROR')`))
    .addColumn("duration_ms", "integer")
    .execute();
  await db.updateTable("asset").set({ processing: "COMPLETE" }).where("kind", "=", "video").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("asset").dropColumn("duration_ms").dropColumn("processing").execute();
}
