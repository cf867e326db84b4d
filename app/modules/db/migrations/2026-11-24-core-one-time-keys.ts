import { type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("one_time_key")
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("value", "jsonb", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("one_time_key_pk", ["program_id", "key"])
    .execute();
  await db.schema.createIndex("one_time_key_expires_idx").on("one_time_key").column("expires_at").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("one_time_key").execute();
}
