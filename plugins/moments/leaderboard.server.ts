import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { calendarDayIn } from "~/modules/time/zones";
import { leaderboardRanges, type LeaderboardRange } from "./leaderboard";

/** How many people the leaderboard ranks; the viewer's own rank below them is shown apart. */
const LEADERBOARD_TOP = 5;

/** Something someone did on the feed that counts toward their score (+1), or no longer does (-1: removed, deleted). */
export interface Activity {
  employeeId: number;
  at: Date;
  delta: 1 | -1;
}

/** The program's calendar month an instant falls in: "2026-11". */
function monthIn(at: Date, timeZone: string) {
  return calendarDayIn(at, timeZone).slice(0, 7);
}

/** The period of a range that holds an instant: its month ("2026-11") or its year ("2026"). */
function periodOf(range: LeaderboardRange, at: Date, timeZone: string) {
  const month = monthIn(at, timeZone);
  return range === "MONTH" ? month : month.slice(0, 4);
}

/**
 * Adds activities to the scores, in the caller's transaction. Each post,
 * reaction, comment and amplify is one point in the month and the year it
 * happened; rows are written in key order so concurrent writers never deadlock.
 */
export async function countActivity(tx: ProgramDb, timeZone: string, activities: readonly Activity[]) {
  const totals = new Map<string, { employee_id: number; period: string; score: number }>();
  for (const activity of activities) {
    for (const period of leaderboardRanges.map((range) => periodOf(range, activity.at, timeZone))) {
      const key = `${period}:${String(activity.employeeId).padStart(12, "0")}`;
      const row = totals.get(key) ?? { employee_id: activity.employeeId, period, score: 0 };
      row.score += activity.delta;
      totals.set(key, row);
    }
  }
  const rows = [...totals.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, row]) => row).filter((row) => row.score !== 0);
  if (rows.length === 0) return;
  await tx
    .insertInto("moments_score", rows)
    .onConflict((c) => c.columns(["program_id", "period", "employee_id"]).doUpdateSet({ score: sql`moments_score.score + excluded.score` }))
    .execute();
}

/** What a feed item's deletion takes off the scores: its author's post and everyone's reactions, comments and amplifies on it. */
export async function activitiesOnItem(tx: ProgramDb, itemId: number): Promise<Activity[]> {
  const [item, reactions, comments, amps] = await Promise.all([
    tx.selectFrom("feed_item").select(["author_id", "created_at"]).where("id", "=", itemId).executeTakeFirst(),
    tx.selectFrom("post_reaction").select(["employee_id", "created_at"]).where("post_id", "=", itemId).execute(),
    tx.selectFrom("post_comment").select(["employee_id", "created_at"]).where("post_id", "=", itemId).execute(),
    tx
      .selectFrom("post_amp")
      .innerJoin("post_mention", "post_mention.id", "post_amp.mention_id")
      .select(["post_amp.employee_id", "post_amp.created_at"])
      .where("post_mention.post_id", "=", itemId)
      .execute(),
  ]);
  const taken = [...reactions, ...comments, ...amps].map((row) => ({ employeeId: row.employee_id, at: row.created_at, delta: -1 as const }));
  return item?.author_id ? [{ employeeId: item.author_id, at: item.created_at, delta: -1 }, ...taken] : taken;
}

export interface LeaderboardRow {
  id: number;
  rank: number;
  score: number;
  firstName: string;
  lastName: string;
}

/** Who is left out of the ranking: people no longer active, or hidden from the feed (the partial index employee_unranked_idx matches it). */
const unranked = sql<boolean>`(not employee.active or coalesce((employee.preferences ->> 'hideFromMomentsFeed')::boolean, false))`;

/** The scores of a period that rank: above zero, of active people not hidden from the feed. */
function rankedScores(db: ProgramDb, period: string) {
  return db
    .selectFrom("moments_score")
    .innerJoin("employee", "employee.id", "moments_score.employee_id")
    .where("moments_score.period", "=", period)
    .where("moments_score.score", ">", 0)
    .where(sql<boolean>`not ${unranked}`);
}

const leaderColumns = ["employee.id", "employee.first_name", "employee.last_name", "moments_score.score"] as const;

/** The top five of a period, ranked (ties share a rank), walking the period's index by score. */
async function topOf(db: ProgramDb, period: string): Promise<LeaderboardRow[]> {
  const leaders = await rankedScores(db, period)
    .select(leaderColumns)
    .orderBy("moments_score.score", "desc")
    .orderBy("employee.last_name")
    .orderBy("employee.first_name")
    .orderBy("employee.id")
    .limit(LEADERBOARD_TOP)
    .execute();
  return leaders.map((row) => toRow(row, leaders.findIndex((other) => other.score === row.score) + 1));
}

/**
 * A person's own row, or null when they do not rank: their rank counts everyone
 * ahead, from the index alone, less the few ahead who do not rank (from their
 * partial index), so it costs the same however big the program.
 */
async function ownRowOf(db: ProgramDb, period: string, employeeId: number): Promise<LeaderboardRow | null> {
  const row = await rankedScores(db, period)
    .select(leaderColumns)
    .select((eb) =>
      eb(
        eb.selectFrom("moments_score as higher").select(eb.fn.countAll<number>().as("n")).where("higher.period", "=", period).whereRef("higher.score", ">", "moments_score.score"),
        "-",
        eb
          .selectFrom("employee as other")
          .innerJoin("moments_score as theirs", "theirs.employee_id", "other.id")
          .select(eb.fn.countAll<number>().as("n"))
          .where(sql<boolean>`(not other.active or coalesce((other.preferences ->> 'hideFromMomentsFeed')::boolean, false))`)
          .where("theirs.period", "=", period)
          .whereRef("theirs.score", ">", "moments_score.score"),
      ).as("ahead"),
    )
    .where("employee.id", "=", employeeId)
    .executeTakeFirst();
  return row ? toRow(row, Number(row.ahead) + 1) : null;
}

function toRow(row: { id: number; score: number; first_name: string; last_name: string }, rank: number): LeaderboardRow {
  return { id: row.id, rank, score: row.score, firstName: row.first_name, lastName: row.last_name };
}

/** How a caller keeps what is read under a key (the feed keeps it per feed version); by default, nothing is kept. */
export type Keep = <T>(key: string, read: () => Promise<T>) => Promise<T>;

const keepNothing: Keep = (_key, read) => read();

/** Where the leaderboard's reads are kept: the top of a period, the same for everyone, and each viewer's own row apart. */
export interface LeaderboardKeeping {
  top: Keep;
  own: Keep;
}

/**
 * The spec's Moments leaderboard (moments/summary/leaderboard): the top five
 * of the month or the year so far, and the viewer's own row when they rank lower.
 */
export async function leaderboard(db: ProgramDb, timeZone: string, range: LeaderboardRange, viewerId: number, now = new Date(), keep: LeaderboardKeeping = { top: keepNothing, own: keepNothing }) {
  const period = periodOf(range, now, timeZone);
  const top = await keep.top(`leaderboard:${period}`, () => topOf(db, period));
  const own = top.some((row) => row.id === viewerId) ? null : await keep.own(`leaderboard:${period}:${viewerId}`, () => ownRowOf(db, period, viewerId));
  return { range, viewerId, top, own };
}
