import { sql, type Kysely } from "kysely";
import { referenceWithinProgram } from "../program-keys";

/**
 * People imports: a file checked row by row, kept with the people it holds
 * until a program manager applies it, then applied by a job (queued, done or
 * failed, with what it changed).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("people_import")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("created_by", "integer")
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('checked', 'queued', 'done', 'failed')`))
    .addColumn("people", "jsonb", (c) => c.notNull())
    .addColumn("summary", "jsonb", (c) => c.notNull())
    .addColumn("error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("finished_at", "timestamptz")
    .execute();
  await referenceWithinProgram(db, { table: "people_import", column: "created_by", references: "employee", onDelete: "set null" });
  await db.schema.createIndex("people_import_program_idx").on("people_import").columns(["program_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("people_import").execute();
}
