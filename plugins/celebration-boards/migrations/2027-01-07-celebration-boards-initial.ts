import { sql, type Kysely } from "kysely";
import { addProgramKey, referenceWithinProgram } from "~/modules/db/program-keys";

const references = [
  { table: "celebration_board", column: "creator_id", references: "employee", onDelete: "cascade" },
  { table: "celebration_board", column: "recipient_id", references: "employee", onDelete: "cascade" },
  { table: "celebration_board_contributor", column: "board_id", references: "celebration_board", onDelete: "cascade" },
  { table: "celebration_board_contributor", column: "employee_id", references: "employee", onDelete: "cascade" },
  { table: "celebration_board_contribution", column: "board_id", references: "celebration_board", onDelete: "cascade" },
  { table: "celebration_board_contribution", column: "author_id", references: "employee", onDelete: "cascade" },
  { table: "celebration_board_contribution", column: "picture_asset_id", references: "asset", onDelete: "set null" },
] as const;

/**
 * Celebration boards: who made one for whom, of which category, until which day it takes
 * contributions, and whether it was delivered (and shared on the feed); the people invited to
 * contribute; and their contributions, one per person and board, each with a picture if its author gave one.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("celebration_board")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("creator_id", "integer", (c) => c.notNull())
    .addColumn("recipient_id", "integer", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("closes_on", "date", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('OPEN', 'APPROVED')`))
    .addColumn("shared_on_feed", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("public_token", "text", (c) => c.notNull().unique())
    .addColumn("form_key", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("approved_at", "timestamptz")
    .addUniqueConstraint("celebration_board_form_key", ["program_id", "form_key"])
    .execute();
  await db.schema.createIndex("celebration_board_creator").on("celebration_board").columns(["program_id", "creator_id", "id"]).execute();
  await db.schema.createIndex("celebration_board_recipient").on("celebration_board").columns(["program_id", "recipient_id", "id"]).execute();
  await db.schema.createIndex("celebration_board_open").on("celebration_board").columns(["program_id", "status", "closes_on"]).execute();

  await db.schema
    .createTable("celebration_board_contributor")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("board_id", "integer", (c) => c.notNull())
    .addColumn("employee_id", "integer", (c) => c.notNull())
    .addColumn("invited_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("celebration_board_contributor_once", ["program_id", "board_id", "employee_id"])
    .execute();
  await db.schema.createIndex("celebration_board_contributor_of").on("celebration_board_contributor").columns(["program_id", "employee_id", "board_id"]).execute();

  await db.schema
    .createTable("celebration_board_contribution")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("board_id", "integer", (c) => c.notNull())
    .addColumn("author_id", "integer", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("picture_asset_id", "uuid")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("celebration_board_contribution_once", ["program_id", "board_id", "author_id"])
    .execute();

  await addProgramKey(db, "celebration_board");
  for (const reference of references) await referenceWithinProgram(db, reference);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("celebration_board_contribution").execute();
  await db.schema.dropTable("celebration_board_contributor").execute();
  await db.schema.dropTable("celebration_board").execute();
}
