import { sql, type RawBuilder } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { personShownColumns, toPersonShown } from "~/modules/people/lookup.server";
import type { PersonShown } from "~/modules/people/people";
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
  person: PersonShown;
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

const columns = [...personShownColumns, "employee.permissions"] as const;

const birthdayShown = sql<boolean>`coalesce(employee.preferences ->> 'birthdayRecognitionType', 'CELEBRATE') <> 'HIDE'`;

const DAY_MS = 86_400_000;

/** A day's month and day as one number, month × 100 + day (1231): what the date indexes keep. */
const monthDayOf = (day: string) => Number(day.slice(5, 7)) * 100 + Number(day.slice(8, 10));

/**
 * The stored month-days (month × 100 + day) a yearly date may have to fall from `from` to `to`: one
 * range, or two across the new year; null when the window holds every day of a year. Each range
 * reaches one day past `to`, so a 29 February kept for the 28th of another year is in. A superset:
 * each occurrence's own day is still checked against the window.
 */
function monthDayRanges(from: string, to: string): [number, number][] | null {
  const end = addDays(to, 1);
  if (Date.parse(end) - Date.parse(from) >= 365 * DAY_MS) return null;
  const [first, last] = [monthDayOf(from), monthDayOf(end)];
  return from.slice(0, 4) === end.slice(0, 4) ? [[first, last]] : [[first, 1231], [101, last]];
}

/**
 * `monthDay` (SQL, the indexed expression) within one of `ranges`. Ranges of one number, not of
 * (month, day) pairs: a prepared statement's generic plan, which cannot see the bounds, still
 * expects a range to hold few people and reads the index.
 */
function inMonthDayRanges(monthDay: RawBuilder<number>, ranges: [number, number][]) {
  return sql<boolean>`(${sql.join(ranges.map(([first, last]) => sql`${monthDay} between ${first} and ${last}`), sql` or `)})`;
}

/**
 * Every milestone from `from` to `to` of the program's active people: birthdays (never of those
 * who hide theirs), work anniversaries with their years, and the program's own milestones counted
 * from the hire date, each with its foreign id. One statement: a branch per kind, each reading the
 * people whose stored date may fall in the window by an index range (the whole program only for a
 * window of a year), then each occurrence's day checked against it.
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
  const to = sql`${window.to}::date`;
  const hireMonth = sql<number>`date_part('month', employee.hire_date)::integer`;
  const hireDay = sql<number>`date_part('day', employee.hire_date)::integer`;
  // As the migration 2026-12-27-milestones-date-lookups indexes them.
  const birthMonthDay = sql<number>`(employee.birth_month * 100 + employee.birth_day)`;
  const hireMonthDay = sql<number>`(${hireMonth} * 100 + ${hireDay})`;
  const ranges = monthDayRanges(window.from, window.to);
  const nextAnniversary = sql`milestones_next_yearly(${hireMonth}, ${hireDay}, greatest(${from}, employee.hire_date + 1))`;
  const birthdays = people()
    .select([...columns, sql<MilestoneEvent>`'BIRTHDAY'`.as("event"), sql<string | null>`null`.as("type_id"), sql<string | null>`null`.as("type_label"), sql<number | null>`null::integer`.as("years")])
    .select(sql<string>`milestones_next_yearly(employee.birth_month, employee.birth_day, ${from})::text`.as("day"))
    .where("employee.birth_month", "is not", null)
    .where(birthdayShown)
    .$if(ranges !== null, (query) => query.where(inMonthDayRanges(birthMonthDay, ranges!)));
  const anniversaries = people()
    .select([...columns, sql<MilestoneEvent>`'ANNIVERSARY'`.as("event"), sql<string | null>`null`.as("type_id"), sql<string | null>`null`.as("type_label")])
    .select(sql<number | null>`(date_part('year', ${nextAnniversary}) - date_part('year', employee.hire_date))::integer`.as("years"))
    .select(sql<string>`${nextAnniversary}::text`.as("day"))
    .where("employee.hire_date", "is not", null)
    .$if(ranges !== null, (query) => query.where(inMonthDayRanges(hireMonthDay, ranges!)));
  let union = birthdays.unionAll(anniversaries);
  for (const type of window.types) {
    const months = sql`make_interval(months => ${type.monthsAfterHire})`;
    const day = sql`(employee.hire_date + ${months})::date`;
    union = union.unionAll(
      people()
        .select([...columns, sql<MilestoneEvent>`'MILESTONE'`.as("event"), sql<string | null>`${type.id}::text`.as("type_id"), sql<string | null>`${type.label}::text`.as("type_label"), sql<number | null>`null::integer`.as("years")])
        .select(sql<string>`${day}::text`.as("day"))
        // The hire dates that may reach the window (a month's end clamps, so 4 days either side), read by their index; then the exact day.
        .where("employee.hire_date", ">=", sql<string>`(${from} - ${months})::date - 4`)
        .where("employee.hire_date", "<=", sql<string>`(${to} - ${months})::date + 4`)
        .where(day, ">=", from)
        .where(day, "<=", to),
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
    person: toPersonShown(row),
    personPermissions: row.permissions,
  };
}

/**
 * The first days of a window read before the whole of it: a program of thousands has a page's
 * milestones within its first week, read by index ranges, where the whole year is every person.
 */
const LEADING_DAYS = [7, 35];

/** A page of the milestones of `window`, soonest first (then by name), and whether more follow. */
export async function upcomingPage(db: ProgramDb, window: Window, { page, size }: { page: number; size: number }) {
  const pageOf = (within: Window) =>
    occurrences(db, within)
      .orderBy("upcoming.day")
      .orderBy("upcoming.display_name")
      .orderBy("upcoming.id")
      .orderBy("upcoming.event")
      .limit(size + 1)
      .offset((page - 1) * size)
      .execute();
  // Soonest first, a day's milestones all together: when the window's first days hold the page and
  // one more, the page (and that more follow) is the same as the whole window's.
  let rows: OccurrenceRow[] | null = null;
  for (const days of LEADING_DAYS) {
    const to = addDays(window.from, days - 1);
    if (to >= window.to) break;
    const leading = await pageOf({ ...window, to });
    if (leading.length > size) {
      rows = leading;
      break;
    }
  }
  rows ??= await pageOf(window);
  return { milestones: rows.slice(0, size).map(toUpcoming), hasMore: rows.length > size };
}

/** Every milestone of `window`, soonest first: a calendar file's events. */
export async function allUpcoming(db: ProgramDb, window: Window) {
  const rows = await occurrences(db, window).orderBy("upcoming.day").orderBy("upcoming.display_name").orderBy("upcoming.id").execute();
  return rows.map(toUpcoming);
}

/** Birthdays and anniversaries in each month ("YYYY-MM") of `window` from `first` to `last` (months): the list's month labels. */
export async function monthCounts(db: ProgramDb, window: Window, [first, last]: [string, string]) {
  const lastDay = addDays(`${nextMonth(last)}-01`, -1);
  const within = { ...window, types: [], from: `${first}-01` > window.from ? `${first}-01` : window.from, to: lastDay < window.to ? lastDay : window.to };
  const rows = await db
    .selectFrom(occurrences(db, within).as("counted"))
    .select([sql<string>`left(counted.day, 7)`.as("month"), sql<number>`count(*) filter (where counted.event = 'BIRTHDAY')::integer`.as("birthdays"), sql<number>`count(*) filter (where counted.event = 'ANNIVERSARY')::integer`.as("anniversaries")])
    .groupBy(sql`1`)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.month, { birthdays: row.birthdays, anniversaries: row.anniversaries }]));
}

/** The month ("YYYY-MM") after `month`. */
function nextMonth(month: string) {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
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
