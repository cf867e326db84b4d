import { sql, type Kysely } from "kysely";

/** Uploaded files: the bytes are in the blob store (DATA_DIR/files or S3) under `storage_key`. */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("asset")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('image', 'video', 'file')`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("byte_size", "integer", (c) => c.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("storage_key", "text", (c) => c.notNull().unique())
    .addColumn("created_by", "integer")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("asset_program_created_idx").on("asset").columns(["program_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("asset").execute();
}
