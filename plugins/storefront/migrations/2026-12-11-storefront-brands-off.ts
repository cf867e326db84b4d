import type { Kysely } from "kysely";

/** Gift-card brands a program does not offer (all are offered unless listed). */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("storefront_brand_off")
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("brand_key", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("storefront_brand_off_pk", ["program_id", "brand_key"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("storefront_brand_off").execute();
}
