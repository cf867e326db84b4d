import cronParser from "cron-parser";
import type { RunningApp } from "~/modules/app.server";
import { isPluginEnabled } from "~/modules/tenants/features";
import type { JobSchedule } from "./job";

/** A schedule and who declared it: "core" or a plugin id (whose schedules fire only in programs that have it on). */
export interface DeclaredSchedule {
  owner: string;
  schedule: JobSchedule<any>;
}

/** Throws with the reason when `cron` is not a five-field cron expression. */
export function checkCron(cron: string) {
  if (cron.trim().split(/\s+/).length !== 5) throw new Error(`"${cron}" must have five fields: minute hour day-of-month month day-of-week`);
  cronParser.parseExpression(cron);
}

/** Per cron and zone, the latest occurrence worked out and the one after it: the answer until then. */
const occurrences = new Map<string, { from: number; until: number }>();

/**
 * The latest occurrence of `cron` at or before `now`, reading it in `timeZone`. Reading a cron
 * in a zone costs milliseconds of the event loop, and the minute's tick asks for every program
 * and schedule, so each answer is kept until the next occurrence (one entry per cron and zone).
 */
export function lastOccurrence(cron: string, timeZone: string, now: Date) {
  const key = `${cron}|${timeZone}`;
  const at = now.getTime();
  const known = occurrences.get(key);
  if (known && known.from <= at && at + 1000 < known.until) return new Date(known.from);
  const interval = cronParser.parseExpression(cron, { currentDate: new Date(at + 1000), tz: timeZone });
  const from = interval.prev().toDate();
  occurrences.set(key, { from: from.getTime(), until: interval.next().toDate().getTime() });
  return from;
}

/**
 * Per database, program and schedule, an occurrence its row said was fired, read or written in a
 * committed transaction. The row only moves forward, so a tick whose due occurrence is not later
 * needs no transaction: between two occurrences the minute's tick asks the database nothing. Kept
 * per database, so two apps in one process (tests) never skip each other's schedules.
 */
const firedThroughByDatabase = new WeakMap<object, Map<string, number>>();

function firedThroughFor(database: object) {
  let fired = firedThroughByDatabase.get(database);
  if (!fired) firedThroughByDatabase.set(database, (fired = new Map()));
  return fired;
}

/**
 * Fires what is due: for each program and each schedule it has on, the latest
 * occurrence not fired yet becomes one job, enqueued in the same transaction
 * that records it, under a key naming the occurrence, so two ticks racing (two
 * processes) or a tick repeated fire it once. A schedule seen for the first
 * time starts from now; occurrences missed while nothing ran fire once, as the
 * latest. The engine calls this every minute; tests call it with a clock of
 * their own.
 */
export async function fireDueSchedules(app: RunningApp, schedules: readonly DeclaredSchedule[], now: Date) {
  const firedThrough = firedThroughFor(app.database);
  for (const file of app.tenants.list()) {
    const tenant = await app.tenantSettings.effective(file);
    const db = app.database.forProgram(tenant.programId);
    for (const { owner, schedule } of schedules) {
      if (owner !== "core" && !isPluginEnabled(tenant.config, owner)) continue;
      const name = `${owner}.${schedule.id}`;
      const due = lastOccurrence(schedule.cron, tenant.config.program.timeZone, now);
      const key = `${tenant.programId} ${name}`;
      if ((firedThrough.get(key) ?? -Infinity) >= due.getTime()) continue;
      const fired = await db.transaction(async (tx) => {
        const seen = await tx.selectFrom("job_schedule").select("last_fired_at").where("schedule", "=", name).forUpdate().executeTakeFirst();
        if (!seen) {
          await tx.insertInto("job_schedule", { schedule: name, last_fired_at: now }).onConflict((c) => c.doNothing()).execute();
          return null;
        }
        if (due <= seen.last_fired_at) return seen.last_fired_at;
        await app.jobs.enqueue(tx, schedule.job, schedule.data, { key: `schedule:${name}:${due.toISOString()}` });
        await tx.updateTable("job_schedule").set({ last_fired_at: due }).where("schedule", "=", name).execute();
        return due;
      });
      if (fired) firedThrough.set(key, fired.getTime());
    }
  }
}
