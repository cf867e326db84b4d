import { sql, type Kysely } from "kysely";
import { addProgramKey, referenceWithinProgram } from "../program-keys";

const references = [
  { table: "points_request", column: "requester_id", references: "employee", onDelete: "cascade" },
  { table: "points_request", column: "approver_id", references: "employee", onDelete: "set null" },
  { table: "points_request_event", column: "request_id", references: "points_request", onDelete: "cascade" },
  { table: "points_request_event", column: "actor_id", references: "employee", onDelete: "set null" },
  { table: "points_request_event", column: "delegate_id", references: "employee", onDelete: "set null" },
  { table: "points_allowance", column: "employee_id", references: "employee", onDelete: "cascade" },
  { table: "points_allowance", column: "group_id", references: "employee_group", onDelete: "cascade" },
  { table: "points_allowance", column: "created_by", references: "employee", onDelete: "set null" },
  { table: "points_allowance_grant", column: "allowance_id", references: "points_allowance", onDelete: "cascade" },
  { table: "points_allowance_grant", column: "employee_id", references: "employee", onDelete: "cascade" },
  { table: "points_allowance_grant", column: "transfer_id", references: "points_transfer", onDelete: "restrict" },
] as const;

/**
 * Points to give beyond the ledger's transfers: requests for more (/points-request) that an
 * approver decides (/approvals/points), with their history; and allowances, a periodic grant
 * of points to give to a person or a group, with the grants each period made.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("points_request")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("requester_id", "integer", (c) => c.notNull())
    .addColumn("approver_id", "integer")
    .addColumn("amount_requested", "integer", (c) => c.notNull())
    .addColumn("amount_approved", "integer")
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("PENDING"))
    .addColumn("decision_comment", "text")
    .addColumn("form_key", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("decided_at", "timestamptz")
    .addColumn("reminded_at", "timestamptz")
    .addUniqueConstraint("points_request_form_key", ["program_id", "form_key"])
    .execute();
  await db.schema.createIndex("points_request_requester").on("points_request").columns(["program_id", "requester_id", "id"]).execute();
  await db.schema.createIndex("points_request_waiting").on("points_request").columns(["program_id", "status", "approver_id"]).execute();

  await db.schema
    .createTable("points_request_event")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("request_id", "integer", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("actor_id", "integer")
    .addColumn("delegate_id", "integer")
    .addColumn("amount", "integer")
    .addColumn("comment", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("points_request_event_request").on("points_request_event").columns(["program_id", "request_id", "id"]).execute();

  await db.schema
    .createTable("points_allowance")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("employee_id", "integer")
    .addColumn("group_id", "integer")
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("expires_after_days", "integer")
    .addColumn("active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_by", "integer")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("points_allowance_one_target", sql`(employee_id is null) <> (group_id is null)`)
    .execute();

  await db.schema
    .createTable("points_allowance_grant")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("allowance_id", "integer", (c) => c.notNull())
    .addColumn("employee_id", "integer", (c) => c.notNull())
    .addColumn("period_key", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("transfer_id", "integer", (c) => c.notNull())
    .addColumn("expires_on", "date")
    .addColumn("expired_amount", "integer")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("points_allowance_grant_once", ["program_id", "allowance_id", "employee_id", "period_key"])
    .execute();
  for (const table of ["points_request", "points_allowance"]) await addProgramKey(db, table);
  for (const reference of references) await referenceWithinProgram(db, reference);
  await sql`create index points_allowance_grant_due on points_allowance_grant (program_id, expires_on) where expired_amount is null and expires_on is not null`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("points_allowance_grant").execute();
  await db.schema.dropTable("points_allowance").execute();
  await db.schema.dropTable("points_request_event").execute();
  await db.schema.dropTable("points_request").execute();
}
