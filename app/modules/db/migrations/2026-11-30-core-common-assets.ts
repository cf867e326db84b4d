import { sql, type Kysely } from "kysely";

/**
 * Assets every program may show (the spec's common assets, program 0): a
 * library of pictures shipped with the product, such as eCard designs. They
 * belong to no program, so they have no program_id and no program scope.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("common_asset")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('image', 'video', 'file')`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("byte_size", "integer", (c) => c.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("storage_key", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("common_asset").execute();
}
