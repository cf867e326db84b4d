import { sql, type Kysely } from "kysely";
import { addProgramKey, referenceWithinProgram } from "../program-keys";

/**
 * Previews of links people attach (spec: Link metadata), fetched once and
 * kept per program. A row never changes: a link previewed again a day later
 * gets a row of its own, so what a post showed stays what it shows.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("link_preview")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("host", "text", (c) => c.notNull())
    .addColumn("title", "text")
    .addColumn("description", "text")
    .addColumn("site_name", "text")
    .addColumn("type", "text")
    .addColumn("image_asset_id", "uuid")
    .addColumn("fetched_by", "integer", (c) => c.references("employee.id").onDelete("set null"))
    .addColumn("fetched_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await addProgramKey(db, "link_preview");
  await referenceWithinProgram(db, { table: "link_preview", column: "image_asset_id", references: "asset", onDelete: "set null" });
  await db.schema.createIndex("link_preview_url_idx").on("link_preview").columns(["program_id", "url", "fetched_at"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("link_preview").execute();
}
