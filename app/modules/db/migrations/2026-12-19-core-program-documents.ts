import { sql, type Kysely } from "kysely";
import { referenceWithinProgram } from "../program-keys";

/** The program guide's documents (a policy, a catalogue): files its program managers upload, listed under the guide. */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("program_document")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("asset_id", "uuid", (c) => c.notNull())
    .addColumn("created_by", "integer")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await referenceWithinProgram(db, { table: "program_document", column: "asset_id", references: "asset", onDelete: "cascade" });
  await referenceWithinProgram(db, { table: "program_document", column: "created_by", references: "employee", onDelete: "set null" });
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("program_document").execute();
}
