import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { KeptAccess } from "~/modules/db/versioned-cache.server";
import { personColumns, toPersonOption } from "~/modules/people/lookup.server";
import type { PersonOption } from "~/modules/people/people";
import type { Registry } from "~/modules/plugins/registry";
import { storyChapters, type StoryChapter } from "~/modules/shell/extension-points";
import type { TenantConfig } from "~/modules/tenants/tenant";
import { calendarDayIn } from "~/modules/time/zones";
import { keptForPersonPages } from "./person-pages.server";

/** The months the story's chart and table show, the current one last. */
export const STORY_MONTHS = 12;
/** The most people a story names as top recognisers, or as those recognised most. */
const TOP_PEOPLE = 5;

export interface StoryMonth {
  /** YYYY-MM in the program's time zone. */
  month: string;
  received: number;
  pointsReceived: number;
  pointsGiven: number;
}

export interface StoryYear {
  year: string;
  received: number;
  pointsReceived: number;
  pointsGiven: number;
  byKind: { label: string; count: number }[];
}

export interface StoryPerson {
  person: PersonOption;
  times: number;
  points: number;
}

export interface RecognitionStory {
  months: StoryMonth[];
  years: StoryYear[];
  topRecognisers: StoryPerson[];
  recognisedMost: StoryPerson[];
  chapters: StoryChapter[];
  total: { received: number; pointsReceived: number; pointsGiven: number };
}

/** The YYYY-MM of the last `count` months up to `now`'s, in `timeZone`, oldest first. */
export function lastMonths(now: Date, timeZone: string, count = STORY_MONTHS) {
  const [year, month] = calendarDayIn(now, timeZone).split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const back = new Date(Date.UTC(year, month - 1 - (count - 1 - index), 1));
    return `${back.getUTCFullYear()}-${String(back.getUTCMonth() + 1).padStart(2, "0")}`;
  });
}

/**
 * A person's recognition over time: what reached their wall (every kind a plugin the program has
 * on publishes), the points others gave them and those they gave, by month and by year in the
 * program's time zone; who recognised them most and whom they recognised most (points given, in
 * the ledger); and the chapters plugins add (the hashtags of Moments).
 */
export async function recognitionStory(access: KeptAccess, registry: Registry, tenant: TenantConfig, personId: number, now = new Date()): Promise<RecognitionStory> {
  const zone = tenant.program.timeZone;
  const kinds = registry.wallItemKinds(tenant);
  const types = kinds.map((kind) => kind.itemType);
  const [{ wall, received, given, recognisers, recognised }, chapters] = await Promise.all([
    keptForPersonPages(access, JSON.stringify(["story", personId, zone, types]), () => storyRows(access.db, personId, zone, types)),
    Promise.all(registry.extensions(tenant, storyChapters).map((extension) => extension.value.chapter({ ...access, personId }))),
  ]);

  const sum = <T extends { month: string }>(rows: readonly T[], value: (row: T) => number, matches: (month: string) => boolean) =>
    rows.filter((row) => matches(row.month)).reduce((total, row) => total + value(row), 0);
  const tally = (matches: (month: string) => boolean) => ({
    received: sum(wall, (row) => row.count, matches),
    pointsReceived: sum(received, (row) => row.points, matches),
    pointsGiven: sum(given, (row) => row.points, matches),
  });
  const years = [...new Set([...wall, ...received, ...given].map((row) => row.month.slice(0, 4)))].sort().reverse();
  return {
    months: lastMonths(now, zone).map((key) => ({ month: key, ...tally((row) => row === key) })),
    years: years.map((year) => ({
      year,
      ...tally((row) => row.startsWith(year)),
      byKind: kinds
        .map((kind) => ({ label: kind.label, count: sum(wall.filter((row) => row.item_type === kind.itemType), (row) => row.count, (row) => row.startsWith(year)) }))
        .filter((kind) => kind.count > 0),
    })),
    topRecognisers: recognisers,
    recognisedMost: recognised,
    chapters: chapters.filter((chapter): chapter is StoryChapter => chapter !== null && chapter.entries.length > 0),
    total: tally(() => true),
  };
}

/** What the story counts, by month in `zone` (each plugin's chapter aside): kept with the person's pages. */
async function storyRows(db: ProgramDb, personId: number, zone: string, types: readonly string[]) {
  const month = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone ${zone}, 'YYYY-MM')`;
  const [wall, received, given, recognisers, recognised] = await Promise.all([
    types.length === 0
      ? []
      : db
          .selectFrom("wall_item")
          .select([month("created_at").as("month"), "item_type", sql<number>`count(*)::int`.as("count")])
          .where("employee_id", "=", personId)
          .where("item_type", "in", [...types])
          .groupBy([sql`1`, "item_type"])
          .execute(),
    paidEntries(db).select([month("e.created_at").as("month"), sql<number>`sum(e.amount)::int`.as("points")]).where("a.employee_id", "=", personId).groupBy(sql`1`).execute(),
    paidEntries(db).select([month("e.created_at").as("month"), sql<number>`sum(e.amount)::int`.as("points")]).where("t.actor_employee_id", "=", personId).groupBy(sql`1`).execute(),
    topPeople(db, personId, "recognisers"),
    topPeople(db, personId, "recognised"),
  ]);
  return { wall, received, given, recognisers, recognised };
}

/** Points entries into people's shopping accounts, each with who made the transfer (someone else): recognition in points. */
function paidEntries(db: ProgramDb) {
  return db
    .selectFrom("points_entry as e")
    .innerJoin("points_account as a", "a.id", "e.account_id")
    .innerJoin("points_transfer as t", "t.id", "e.transfer_id")
    .where("a.kind", "=", "SHOPPING")
    .where("e.amount", ">", 0)
    .where("t.actor_employee_id", "is not", null)
    .whereRef("t.actor_employee_id", "<>", "a.employee_id");
}

/** Who gave the person points most often (`recognisers`), or to whom they gave most often (`recognised`); active people only. */
async function topPeople(db: ProgramDb, personId: number, side: "recognisers" | "recognised"): Promise<StoryPerson[]> {
  const entries =
    side === "recognisers"
      ? paidEntries(db).where("a.employee_id", "=", personId).innerJoin("employee", "employee.id", "t.actor_employee_id")
      : paidEntries(db).where("t.actor_employee_id", "=", personId).innerJoin("employee", "employee.id", "a.employee_id");
  const rows = await entries
    .select([...personColumns, sql<number>`count(distinct e.transfer_id)::int`.as("times"), sql<number>`sum(e.amount)::int`.as("points")])
    .where("employee.active", "=", true)
    .groupBy(personColumns)
    .orderBy("times", "desc")
    .orderBy("points", "desc")
    .orderBy("employee.id")
    .limit(TOP_PEOPLE)
    .execute();
  return rows.map((row) => ({ person: toPersonOption(row), times: row.times, points: row.points }));
}
