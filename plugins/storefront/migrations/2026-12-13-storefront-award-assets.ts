import type { Kysely } from "kysely";

/** An award type's picture (the spec's displayImageAsset) and announcement document, uploaded assets of the program. */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("service_award_type")
    .addColumn("image_asset_id", "uuid", (c) => c.references("asset.id").onDelete("set null"))
    .addColumn("document_asset_id", "uuid", (c) => c.references("asset.id").onDelete("set null"))
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("service_award_type").dropColumn("image_asset_id").dropColumn("document_asset_id").execute();
}
