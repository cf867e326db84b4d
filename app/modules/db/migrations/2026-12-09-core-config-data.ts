import { sql, type Kysely } from "kysely";

/**
 * Which copy of a plugin's configuration data (a tenant file's `data.<plugin>`) a program
 * has applied, by its digest: a file's data replaces the program's when it changes, and
 * only then, so what program managers edit in the app is kept across restarts.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("config_data_applied")
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("plugin_id", "text", (c) => c.notNull())
    .addColumn("digest", "text", (c) => c.notNull())
    .addColumn("applied_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("config_data_applied_pkey", ["program_id", "plugin_id"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("config_data_applied").execute();
}
