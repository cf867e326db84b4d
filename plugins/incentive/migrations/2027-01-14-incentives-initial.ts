import { sql, type Kysely } from "kysely";
import { addProgramKey, referenceWithinProgram } from "~/modules/db/program-keys";

const references = [
  { table: "incentive", column: "created_by", references: "employee", onDelete: "cascade" },
  { table: "incentive_participant", column: "incentive_id", references: "incentive", onDelete: "cascade" },
  { table: "incentive_participant", column: "employee_id", references: "employee", onDelete: "cascade" },
  { table: "incentive_approver", column: "incentive_id", references: "incentive", onDelete: "cascade" },
  { table: "incentive_approver", column: "employee_id", references: "employee", onDelete: "cascade" },
  { table: "incentive_submission", column: "incentive_id", references: "incentive", onDelete: "cascade" },
  { table: "incentive_submission", column: "employee_id", references: "employee", onDelete: "cascade" },
  { table: "incentive_submission", column: "reviewer_id", references: "employee", onDelete: "set null" },
] as const;

async function peopleTable(db: Kysely<any>, table: string) {
  await db.schema
    .createTable(table)
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("incentive_id", "integer", (c) => c.notNull())
    .addColumn("employee_id", "integer", (c) => c.notNull())
    .addUniqueConstraint(`${table}_once`, ["program_id", "incentive_id", "employee_id"])
    .execute();
  await db.schema.createIndex(`${table}_of`).on(table).columns(["program_id", "employee_id", "incentive_id"]).execute();
}

/**
 * Incentives: a goal its creator sets for chosen people (or everyone), with a reward (points, set
 * or per unit, or something else) and what a submission must show; the people who take part and
 * the people who review; and each submission with its answers, its review and the points it paid.
 * An incentive is a draft until its five steps are complete and it is created for real.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("incentive")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("created_by", "integer", (c) => c.notNull())
    .addColumn("icon", "text")
    .addColumn("color", "text")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("start_date", "date", (c) => c.notNull())
    .addColumn("end_date", "date", (c) => c.notNull())
    .addColumn("reward_type", "text", (c) => c.check(sql`reward_type in ('POINT_AMOUNT', 'OTHER')`))
    .addColumn("reward_point_type", "text", (c) => c.check(sql`reward_point_type in ('SET_POINT', 'VARIABLE_POINT')`))
    .addColumn("points_amount", "integer", (c) => c.check(sql`points_amount > 0`))
    .addColumn("quantity", "integer", (c) => c.check(sql`quantity > 0`))
    .addColumn("reward_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("participation_limit", "integer", (c) => c.check(sql`participation_limit = -1 or participation_limit between 1 and 999`))
    .addColumn("submission_instructions", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("submission_options", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("all_eligible_staff", "boolean")
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('ACTIVE', 'PAUSED')`))
    .addColumn("published_at", "timestamptz")
    .addColumn("ended_at", "timestamptz")
    .addColumn("form_key", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("incentive_form_key", ["program_id", "form_key"])
    .addCheckConstraint("incentive_days_in_order", sql`start_date <= end_date`)
    .execute();
  await db.schema.createIndex("incentive_by_end").on("incentive").columns(["program_id", "end_date", "id"]).execute();

  await peopleTable(db, "incentive_participant");
  await peopleTable(db, "incentive_approver");

  await db.schema
    .createTable("incentive_submission")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("incentive_id", "integer", (c) => c.notNull())
    .addColumn("employee_id", "integer", (c) => c.notNull())
    .addColumn("answers", "jsonb", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('PENDING', 'APPROVED', 'DENIED')`))
    .addColumn("reviewer_id", "integer")
    .addColumn("review_comment", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("points_paid", "integer")
    .addColumn("form_key", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("reviewed_at", "timestamptz")
    .addUniqueConstraint("incentive_submission_form_key", ["program_id", "form_key"])
    .execute();
  await db.schema.createIndex("incentive_submission_of").on("incentive_submission").columns(["program_id", "incentive_id", "employee_id"]).execute();
  await db.schema.createIndex("incentive_submission_waiting").on("incentive_submission").columns(["program_id", "status", "id"]).execute();

  await addProgramKey(db, "incentive");
  for (const reference of references) await referenceWithinProgram(db, reference);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("incentive_submission").execute();
  await db.schema.dropTable("incentive_approver").execute();
  await db.schema.dropTable("incentive_participant").execute();
  await db.schema.dropTable("incentive").execute();
}
