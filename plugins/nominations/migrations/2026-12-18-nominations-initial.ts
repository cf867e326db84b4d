import { sql, type Kysely } from "kysely";
import { addProgramKey, referenceWithinProgram } from "~/modules/db/program-keys";

const references = [
  { table: "nomination", column: "nominator_id", references: "employee", onDelete: "cascade" },
  { table: "nomination", column: "nominee_id", references: "employee", onDelete: "cascade" },
  { table: "nomination_approval", column: "nomination_id", references: "nomination", onDelete: "cascade" },
  { table: "nomination_approval", column: "approver_id", references: "employee", onDelete: "set null" },
  { table: "nomination_approval", column: "decided_by", references: "employee", onDelete: "set null" },
] as const;

/**
 * Nominations: who nominated whom, for which core value and award level (their labels and
 * points as they were when it was made), its message and state; and its approvals, a row per
 * step of the level's chain as it is reached (a step passed over for want of an approver is
 * kept, SKIPPED, with why).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("nomination")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("nominator_id", "integer", (c) => c.notNull())
    .addColumn("nominee_id", "integer", (c) => c.notNull())
    .addColumn("core_value", "text", (c) => c.notNull())
    .addColumn("core_value_label", "text", (c) => c.notNull())
    .addColumn("award_level", "text", (c) => c.notNull())
    .addColumn("award_label", "text", (c) => c.notNull())
    .addColumn("points", "integer", (c) => c.notNull())
    .addColumn("points_paid", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("points_from", "text", (c) => c.notNull().check(sql`points_from in ('BUCKET', 'NOMINATOR')`))
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("chain", "jsonb", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('PENDING', 'APPROVED', 'DENIED')`))
    .addColumn("form_key", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("decided_at", "timestamptz")
    .addColumn("nominee_read_at", "timestamptz")
    .addUniqueConstraint("nomination_form_key", ["program_id", "form_key"])
    .execute();
  await db.schema.createIndex("nomination_nominator").on("nomination").columns(["program_id", "nominator_id", "id"]).execute();
  await db.schema.createIndex("nomination_nominee").on("nomination").columns(["program_id", "nominee_id", "id"]).execute();
  await db.schema.createIndex("nomination_created").on("nomination").columns(["program_id", "created_at"]).execute();

  await db.schema
    .createTable("nomination_approval")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("nomination_id", "integer", (c) => c.notNull())
    .addColumn("step", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("approver_id", "integer")
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('PENDING', 'APPROVED', 'DENIED', 'SKIPPED')`))
    .addColumn("decided_by", "integer")
    .addColumn("comment", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("decided_at", "timestamptz")
    .addColumn("reminded_at", "timestamptz")
    .execute();
  await db.schema.createIndex("nomination_approval_of").on("nomination_approval").columns(["program_id", "nomination_id", "id"]).execute();
  await db.schema.createIndex("nomination_approval_waiting").on("nomination_approval").columns(["program_id", "status", "approver_id"]).execute();
  // One step of a nomination waits at a time.
  await sql`create unique index nomination_approval_one_waiting on nomination_approval (program_id, nomination_id) where status = 'PENDING'`.execute(db);

  await addProgramKey(db, "nomination");
  for (const reference of references) await referenceWithinProgram(db, reference);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("nomination_approval").execute();
  await db.schema.dropTable("nomination").execute();
}
