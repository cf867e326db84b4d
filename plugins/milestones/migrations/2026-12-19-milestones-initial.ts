import { sql, type Kysely } from "kysely";
import { addChangeVersion, dropChangeVersion, type Watched } from "~/modules/db/change-versions";
import { addProgramKey, referenceWithinProgram } from "~/modules/db/program-keys";

const references = [
  { table: "milestone", column: "employee_id", references: "employee", onDelete: "cascade" },
  { table: "personal_celebration", column: "employee_id", references: "employee", onDelete: "cascade" },
  { table: "personal_celebration", column: "milestone_id", references: "milestone", onDelete: "set null" },
  { table: "personal_celebration", column: "letter_asset_id", references: "asset", onDelete: "set null" },
  { table: "personal_celebration", column: "created_by", references: "employee", onDelete: "set null" },
  { table: "milestone_letter", column: "asset_id", references: "asset", onDelete: "cascade" },
  { table: "milestone_letter", column: "updated_by", references: "employee", onDelete: "set null" },
  { table: "milestone_calendar", column: "employee_id", references: "employee", onDelete: "cascade" },
] as const;

/** What the upcoming milestones are computed from: people's dates, names, pictures, preferences and permissions (the actions on them), and the segments they filter by. */
const drawnFrom: Watched[] = [
  { table: "employee", columns: ["birth_month", "birth_day", "hire_date", "active", "preferences", "display_name", "first_name", "last_name", "job_title", "avatar_asset_id", "permissions"] },
  { table: "employee_segment" },
  { table: "segment" },
];

/**
 * Milestones the daily job recorded (one per person, kind and day: its foreign id), the days it
 * finished, personal celebrations (the feed's banner), the program's default letters, and each
 * person's calendar subscription token (its hash); and `milestones_version`, moved by any change
 * to what the upcoming milestones are computed from, so pages keep them until it moves.
 *
 * `milestones_yearly_on` is the day a yearly date (month, day) falls on in a year: 29 February
 * on 28 February in other years, as `anniversaryIn` does in TypeScript.
 */
export async function up(db: Kysely<any>) {
  await sql`
    create function milestones_yearly_on(month integer, day integer, year integer) returns date
    language sql immutable parallel safe as $$
      select make_date(year, month, case when month = 2 and day = 29 and not (year % 4 = 0 and (year % 100 <> 0 or year % 400 = 0)) then 28 else day end)
    $$`.execute(db);
  await sql`
    create function milestones_next_yearly(month integer, day integer, after date) returns date
    language sql immutable parallel safe as $$
      select case
        when milestones_yearly_on(month, day, extract(year from after)::integer) >= after then milestones_yearly_on(month, day, extract(year from after)::integer)
        else milestones_yearly_on(month, day, extract(year from after)::integer + 1)
      end
    $$`.execute(db);

  await db.schema
    .createTable("milestone")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull().check(sql`event in ('BIRTHDAY', 'ANNIVERSARY', 'MILESTONE')`))
    .addColumn("type_id", "text")
    .addColumn("type_label", "text")
    .addColumn("years", "integer")
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("foreign_id", "text", (c) => c.notNull())
    .addColumn("feed_item_id", "integer")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("milestone_foreign_id", ["program_id", "foreign_id"])
    .execute();
  await db.schema.createIndex("milestone_on_day").on("milestone").columns(["program_id", "day"]).execute();

  await db.schema
    .createTable("milestone_day")
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("done_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("milestone_day_pkey", ["program_id", "day"])
    .execute();

  await db.schema
    .createTable("personal_celebration")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull())
    .addColumn("milestone_id", "integer")
    .addColumn("style", "integer", (c) => c.notNull())
    .addColumn("text_line1", "text", (c) => c.notNull())
    .addColumn("text_line2", "text")
    .addColumn("text_line3", "text")
    .addColumn("text_line4", "text")
    .addColumn("text_line5", "text")
    .addColumn("letter_asset_id", "uuid")
    .addColumn("created_by", "integer")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("read_at", "timestamptz")
    .addUniqueConstraint("personal_celebration_milestone", ["program_id", "milestone_id"])
    .execute();
  await db.schema.createIndex("personal_celebration_of").on("personal_celebration").columns(["program_id", "employee_id", "id"]).execute();

  await db.schema
    .createTable("milestone_letter")
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("event", "text", (c) => c.notNull().check(sql`event in ('BIRTHDAY', 'ANNIVERSARY')`))
    .addColumn("asset_id", "uuid", (c) => c.notNull())
    .addColumn("updated_by", "integer")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("milestone_letter_pkey", ["program_id", "event"])
    .execute();

  await db.schema
    .createTable("milestone_calendar")
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("milestone_calendar_pkey", ["program_id", "employee_id"])
    .addUniqueConstraint("milestone_calendar_token", ["program_id", "token_hash"])
    .execute();

  await addChangeVersion(db, "milestones", drawnFrom);
  await addProgramKey(db, "milestone");
  for (const reference of references) await referenceWithinProgram(db, reference);
}

export async function down(db: Kysely<any>) {
  await dropChangeVersion(db, "milestones", drawnFrom);
  for (const table of ["milestone_calendar", "milestone_letter", "personal_celebration", "milestone_day", "milestone"]) await db.schema.dropTable(table).execute();
  await sql`drop function milestones_next_yearly(integer, integer, date)`.execute(db);
  await sql`drop function milestones_yearly_on(integer, integer, integer)`.execute(db);
}
