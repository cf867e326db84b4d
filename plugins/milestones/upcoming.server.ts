import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { personColumns, toPersonOption } from "~/modules/people/lookup.server";
import type { PersonOption } from "~/modules/people/people";
import { addDays } from "~/modules/time/calendar-days";
import type { MilestoneType } from "./options";
import { milestoneForeignId, milestoneLabel, type MilestoneEvent } from "./rules";

export interface UpcomingMilestone {
  foreignId: string;
  event: MilestoneEvent;
  label: string;
  typeId: string | null;
  typeLabel: string | null;
  years: number | null;
  /** YYYY-MM-DD in the program's time zone. */
  day: string;
  person: PersonOption;
  /** The person's stored permission flags, for the actions both sides take part in (never sent to a page). */
  personPermissions: Record<string, boolean>;
}

interface Window {
  /** The first and last day, both included. */
  from: string;
  to: string;
  /** The program's own milestone types. */
  types: readonly MilestoneType[];
  /** Only people of this segment. */
  segment?: number | null;
  /** Only these people (a team's calendar). */
  people?: readonly number[];
}

const columns = [...personColumns, "employee.permissions"] as const;

const birthdayShown = sql<boolean>`coalesce(employee.preferences ->> 'birthdayRecognitionType', 'CELEBRATE') <> 'HIDE'`;

/**
 * Every milestone from `from` to `to` of the program's active people: birthdays (never of those
 * who hide theirs), work anniversaries with their years, and the program's own milestones counted
 * from the hire date, each with its foreign id. One statement: a branch per kind, each a scan of
 * the people with the kind's date in the window.
 */
function occurrences(db: ProgramDb, window: Window) {
  const people = () =>
    db
      .selectFrom("employee")
      .where("employee.active", "=", true)
      .$if(window.segment != null, (query) =>
        query.where((eb) => eb.exists(eb.selectFrom("employee_segment").select(sql`1`.as("one")).whereRef("employee_segment.employee_id", "=", "employee.id").where("employee_segment.segment_id", "=", window.segment!))),
      )
      .$if(window.people !== undefined, (query) => query.where("employee.id", "in", window.people!.length > 0 ? [...window.people!] : [-1]));
  const from = sql`${window.from}::date`;
  const hireMonth = sql`date_part('month', employee.hire_date)::integer`;
  const hireDay = sql`date_part('day', employee.hire_date)::integer`;
  const nextAnniversary = sql`milestones_next_yearly(${hireMonth}, ${hireDay}, greatest(${from}, employee.hire_date + 1))`;
  const birthdays = people()
    .select([...columns, sql<MilestoneEvent>`'BIRTHDAY'`.as("event"), sql<string | null>`null`.as("type_id"), sql<string | null>`null`.as("type_label"), sql<number | null>`null::integer`.as("years")])
    .select(sql<string>`milestones_next_yearly(employee.birth_month, employee.birth_day, ${from})::text`.as("day"))
    .where("employee.birth_month", "is not", null)
    .where(birthdayShown);
  const anniversaries = people()
    .select([...columns, sql<MilestoneEvent>`'ANNIVERSARY'`.as("event"), sql<string | null>`null`.as("type_id"), sql<string | null>`null`.as("type_label")])
    .select(sql<number | null>`(date_part('year', ${nextAnniversary}) - date_part('year', employee.hire_date))::integer`.as("years"))
    .select(sql<string>`${nextAnniversary}::text`.as("day"))
    .where("employee.hire_date", "is not", null);
  let union = birthdays.unionAll(anniversaries);
  for (const type of window.types) {
    const day = sql`(employee.hire_date + make_interval(months => ${type.monthsAfterHire}))::date`;
    union = union.unionAll(
      people()
        .select([...columns, sql<MilestoneEvent>`'MILESTONE'`.as("event"), sql<string | null>`${type.id}::text`.as("type_id"), sql<string | null>`${type.label}::text`.as("type_label"), sql<number | null>`null::integer`.as("years")])
        .select(sql<string>`${day}::text`.as("day"))
        .where("employee.hire_date", "is not", null)
        .where(day, ">=", from)
        .where(day, "<=", sql`${window.to}::date`),
    );
  }
  return db.selectFrom(union.as("upcoming")).selectAll().where("upcoming.day", "<=", window.to);
}

type OccurrenceRow = Awaited<ReturnType<ReturnType<typeof occurrences>["execute"]>>[number];

function toUpcoming(row: OccurrenceRow): UpcomingMilestone {
  const event = row.event;
  return {
    foreignId: milestoneForeignId({ event, typeId: row.type_id, employeeId: row.id, day: row.day }),
    event,
    label: milestoneLabel({ event, years: row.years, typeLabel: row.type_label }),
    typeId: row.type_id,
    typeLabel: row.type_label,
    years: row.years,
    day: row.day,
    person: toPersonOption(row),
    personPermissions: row.permissions,
  };
}

/** A page of the milestones of `window`, soonest first (then by name), and whether more follow. */
export async function upcomingPage(db: ProgramDb, window: Window, { page, size }: { page: number; size: number }) {
  const rows = await occurrences(db, window)
    .orderBy("upcoming.day")
    .orderBy("upcoming.display_name")
    .orderBy("upcoming.id")
    .orderBy("upcoming.event")
    .limit(size + 1)
    .offset((page - 1) * size)
    .execute();
  return { milestones: rows.slice(0, size).map(toUpcoming), hasMore: rows.length > size };
}

/** Every milestone of `window`, soonest first: a calendar file's events. */
export async function allUpcoming(db: ProgramDb, window: Window) {
  const rows = await occurrences(db, window).orderBy("upcoming.day").orderBy("upcoming.display_name").orderBy("upcoming.id").execute();
  return rows.map(toUpcoming);
}

/** Birthdays and anniversaries in each month ("YYYY-MM") of `window`: the list's month labels. */
export async function monthCounts(db: ProgramDb, window: Window) {
  const rows = await db
    .selectFrom(occurrences(db, { ...window, types: [] }).as("counted"))
    .select([sql<string>`left(counted.day, 7)`.as("month"), sql<number>`count(*) filter (where counted.event = 'BIRTHDAY')::integer`.as("birthdays"), sql<number>`count(*) filter (where counted.event = 'ANNIVERSARY')::integer`.as("anniversaries")])
    .groupBy(sql`1`)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.month, { birthdays: row.birthdays, anniversaries: row.anniversaries }]));
}

/** The window of upcoming milestones from `today`: a year, so each yearly one appears once. */
export function yearFrom(today: string, days: number) {
  return { from: today, to: addDays(today, days - 1) };
}

/** The milestones of one day: of everyone (the daily job), or of one person (a milestone's page, which finds it only while the person still has that date). */
export async function milestonesOn(db: ProgramDb, day: string, types: readonly MilestoneType[], people?: readonly number[]) {
  const rows = await occurrences(db, { from: day, to: day, types, people }).orderBy("upcoming.id").execute();
  return rows.map(toUpcoming);
}
