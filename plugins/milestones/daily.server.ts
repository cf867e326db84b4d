import { sql } from "kysely";
import { z } from "zod";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { EmployeePreferences } from "~/modules/db/schema";
import { defineJob, defineSchedule } from "~/modules/jobs/job";
import { notify } from "~/modules/notifications/delivery.server";
import type { Registry } from "~/modules/plugins/registry";
import { publishToFeed, publishToWall } from "~/modules/publications/publish.server";
import type { AppServices } from "~/modules/services.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { addDays, daysBetween, yearsText } from "~/modules/time/calendar-days";
import { calendarDayIn } from "~/modules/time/zones";
import { createCelebration } from "./celebrations.server";
import { weekdayAndDate } from "./days";
import { milestonesOptionsOf } from "./options";
import { socialTypes } from "./rules";
import { teamAround } from "./team.server";
import { milestonesOn, type UpcomingMilestone } from "./upcoming.server";

/** Days the job did not run (the server was down) are caught up, at most this many back. */
export const CATCH_UP_DAYS = 7;

/** How the day's work tells people (the job notifies; the demo seed, which notifies nobody, passes nothing). */
export interface DayServices {
  registry: Registry;
  tenant: Tenant;
  app?: AppServices;
}

/** Whether the celebrant allows their milestone on the feed: their preference for its kind (birthdays hidden never get here). */
function celebrated(milestone: UpcomingMilestone, preferences: EmployeePreferences) {
  if (milestone.event === "BIRTHDAY") return (preferences.birthdayRecognitionType ?? "CELEBRATE") === "CELEBRATE";
  if (milestone.event === "ANNIVERSARY") return (preferences.anniversaryRecognitionType ?? "CELEBRATE") === "CELEBRATE";
  return true;
}

/** What the feed post, the wall item and the list show of a milestone (its kind's item data). */
function shown(milestone: UpcomingMilestone) {
  return { foreignId: milestone.foreignId, event: milestone.event, label: milestone.label, day: milestone.day, personId: milestone.person.id, personName: milestone.person.displayName, firstName: milestone.person.firstName };
}

/** The celebration's banner text: a greeting and a line from the program. */
function celebrationLines(milestone: UpcomingMilestone, programName: string) {
  const name = milestone.person.firstName;
  return milestone.event === "BIRTHDAY"
    ? [`Happy Birthday, ${name}!`, `Everyone at ${programName} wishes you a wonderful day.`]
    : [`Happy ${yearsText(milestone.years ?? 1)} work anniversary, ${name}!`, `Thank you for ${yearsText(milestone.years ?? 1)} with ${programName}.`];
}

async function peopleOf(db: ProgramDb, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { id: number; preferences: EmployeePreferences }>();
  const rows = await db.selectFrom("employee").select(["id", "preferences"]).where("id", "in", [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Tells the celebrant's team (their manager, the people who share that manager, their reports) of milestones `ahead` days after `day` (on the day itself when it is 0), once each. */
async function noticeAhead(services: Required<DayServices>, db: ProgramDb, day: string, ahead: number) {
  const { tenant, app } = services;
  const options = milestonesOptionsOf(tenant.config);
  const coming = await milestonesOn(db, addDays(day, ahead), options.types);
  const people = await peopleOf(db, coming.map((milestone) => milestone.person.id));
  for (const milestone of coming) {
    const person = people.get(milestone.person.id);
    if (!person || !celebrated(milestone, person.preferences)) continue;
    const when = ahead === 0 ? "today" : `on ${weekdayAndDate(milestone.day)}`;
    const what = milestone.event === "BIRTHDAY" ? `${milestone.person.displayName}'s birthday is ${when}.` : `${milestone.person.displayName}'s ${milestone.label.toLowerCase()} is ${when}.`;
    await notify(app, tenant, db, (await teamAround(db, person.id)).filter((id) => id !== person.id), { type: "MILESTONE_UPCOMING", message: what, link: `/milestone-detail/${milestone.foreignId}` }, `milestone-notice:${milestone.foreignId}`);
  }
}

/**
 * Does one day's work: records the day's milestones not recorded yet, posts those their people
 * allow to the feed with the celebrant as its mention (and to their wall), gives birthdays and
 * anniversaries their personal celebration with the program's default letter, tells teams of the
 * milestones `noticeDays` ahead, and marks the day done. Each milestone's foreign id is unique,
 * so a re-run, a second process or a retry after a crash does only what is new (a birthday set
 * today after the day's run), and a run cut short leaves nothing of that day: it is one
 * transaction. Returns how many milestones it recorded.
 */
export async function celebrateDay(services: DayServices, db: ProgramDb, day: string) {
  const { registry, tenant } = services;
  const options = milestonesOptionsOf(tenant.config);
  return db.transaction(async (tx) => {
    const milestones = await milestonesOn(tx, day, options.types);
    const people = await peopleOf(tx, milestones.map((milestone) => milestone.person.id));
    let recordedCount = 0;
    const letters = new Map((await tx.selectFrom("milestone_letter").select(["event", "asset_id"]).execute()).map((letter) => [letter.event as string, letter.asset_id]));
    for (const milestone of milestones) {
      const person = people.get(milestone.person.id)!;
      const recorded = await tx
        .insertInto("milestone", { employee_id: person.id, event: milestone.event, type_id: milestone.typeId, type_label: milestone.typeLabel, years: milestone.years, day, foreign_id: milestone.foreignId })
        .onConflict((c) => c.columns(["program_id", "foreign_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!recorded) continue;
      recordedCount++;
      if (celebrated(milestone, person.preferences)) {
        await publishToWall(registry, tx, { itemType: "MILESTONE", foreignId: milestone.foreignId, employeeIds: [person.id], data: shown(milestone) });
        if (options.publishToFeed) {
          const itemId = await publishToFeed(registry, tenant.config, tx, { kind: socialTypes[milestone.event], foreignId: milestone.foreignId, authorId: null, data: shown(milestone), mentions: [{ employeeId: person.id }] });
          if (itemId !== null) await tx.updateTable("milestone").set({ feed_item_id: itemId }).where("id", "=", recorded.id).execute();
        }
      }
      if (options.celebrations && milestone.event !== "MILESTONE") {
        await createCelebration(tx, {
          employeeId: person.id,
          milestoneId: recorded.id,
          style: (milestone.event === "BIRTHDAY" ? 1 : 4) + ((person.id + Number(day.slice(0, 4))) % 3),
          lines: celebrationLines(milestone, tenant.config.name),
          letterAssetId: letters.get(milestone.event) ?? null,
        });
      }
    }
    if (services.app) await noticeAhead({ ...services, app: services.app }, tx, day, options.noticeDays);
    await tx.insertInto("milestone_day", { day }).onConflict((c) => c.columns(["program_id", "day"]).doNothing()).execute();
    return recordedCount;
  });
}

/**
 * Every day from the one after the last the job finished (at most CATCH_UP_DAYS back; today
 * alone on the first run) to today in the program's time zone, each once.
 */
export async function celebrateDueDays(services: DayServices, db: ProgramDb, now: Date) {
  const today = calendarDayIn(now, services.tenant.config.program.timeZone);
  const last = await db.selectFrom("milestone_day").select(sql<string | null>`max(day)::text`.as("day")).executeTakeFirst();
  const earliest = addDays(today, -CATCH_UP_DAYS);
  const from = last?.day ? (addDays(last.day, 1) > earliest ? addDays(last.day, 1) : earliest) : today;
  const done: { day: string; milestones: number }[] = [];
  for (const day of daysBetween(from, today)) {
    done.push({ day, milestones: await celebrateDay(services, db, day) });
  }
  return done;
}

export const celebrateMilestones = defineJob({
  name: "milestones.daily",
  data: z.object({}),
  retries: 3,
  async run({ app, tenant, db, log }) {
    const done = await celebrateDueDays({ registry: app.registry, tenant, app }, db, new Date());
    if (done.length > 0) log.info({ event: "milestones_celebrated", days: done }, "milestones celebrated");
  },
});

/** 09:00 in each program's time zone: the day's milestones are on the feed as the working day starts. */
export const dailyMilestones = defineSchedule({ id: "daily", cron: "0 9 * * *", job: celebrateMilestones, data: {} });
