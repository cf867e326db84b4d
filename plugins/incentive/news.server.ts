import { z } from "zod";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { defineJob, defineSchedule } from "~/modules/jobs/job";
import { notify } from "~/modules/notifications/delivery.server";
import type { AppServices } from "~/modules/services.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { addDays } from "~/modules/time/calendar-days";
import { calendarDayIn } from "~/modules/time/zones";
import type { PeopleTable } from "./incentives.server";

/** Days before its last day that participants hear an incentive ends soon. */
export const ENDING_SOON_DAYS = 3;

/** Everyone who takes part: the active people of the program for an incentive for all eligible staff, else those chosen. */
async function participantIds(db: ProgramDb, incentive: { id: number; allEligibleStaff: boolean | null }) {
  const rows = incentive.allEligibleStaff
    ? await db.selectFrom("employee").select("id as employee_id").where("active", "=", true).execute()
    : await db.selectFrom("incentive_participant").select("employee_id").where("incentive_id", "=", incentive.id).execute();
  return rows.map((row) => row.employee_id);
}

/** Tells people newly added to a created incentive (participants or approvers), once each. */
export async function tellAdded(app: AppServices, tenant: Tenant, db: ProgramDb, table: PeopleTable, incentive: { id: number; title: string }, employeeIds: readonly number[]) {
  const participant = table === "incentive_participant";
  await notify(
    app,
    tenant,
    db,
    employeeIds,
    participant
      ? { type: "INCENTIVE_PARTICIPANT_ADDED", message: `You take part in the incentive “${incentive.title}”.`, link: `/incentives/${incentive.id}` }
      : { type: "INCENTIVE_APPROVER_ADDED", message: `You review submissions to the incentive “${incentive.title}”.`, link: "/incentives/submissions" },
    `incentive:${incentive.id}:${participant ? "participant" : "approver"}-added`,
  );
}

/** Tells an incentive's participants it ended (a person's End, or its last day passed), once. */
export async function tellEnded(app: AppServices, tenant: Tenant, db: ProgramDb, incentive: { id: number; title: string; allEligibleStaff: boolean | null }) {
  const message = `The incentive “${incentive.title}” has ended: it takes no more submissions.`;
  await notify(app, tenant, db, await participantIds(db, incentive), { type: "INCENTIVE_ENDED", message, link: `/incentives/${incentive.id}` }, `incentive:${incentive.id}:ended`);
}

/**
 * The day's incentive news, each told once (its key names the incentive): participants of a created,
 * unpaused incentive hear that it starts today, that it ends in ENDING_SOON_DAYS days, and that it
 * ended (its last day was yesterday). Returns how many incentives it told about.
 */
export async function incentiveNews(app: AppServices, tenant: Tenant, db: ProgramDb, now: Date) {
  const today = calendarDayIn(now, tenant.config.program.timeZone);
  const created = db.selectFrom("incentive").select(["id", "title", "all_eligible_staff", "start_date", "end_date"]).where("published_at", "is not", null).where("ended_at", "is", null);
  const [starting, endingSoon, ended] = await Promise.all([
    created.where("status", "=", "ACTIVE").where("start_date", "=", today).execute(),
    created.where("status", "=", "ACTIVE").where("end_date", "=", addDays(today, ENDING_SOON_DAYS)).where("start_date", "<=", today).execute(),
    created.where("end_date", "=", addDays(today, -1)).execute(),
  ]);
  for (const row of starting) {
    const message = `The incentive “${row.title}” starts today: send your submissions.`;
    await notify(app, tenant, db, await participantIds(db, { id: row.id, allEligibleStaff: row.all_eligible_staff }), { type: "INCENTIVE_STARTED", message, link: `/incentives/${row.id}` }, `incentive:${row.id}:started`);
  }
  for (const row of endingSoon) {
    const message = `The incentive “${row.title}” ends in ${ENDING_SOON_DAYS} days: send your submissions before then.`;
    await notify(app, tenant, db, await participantIds(db, { id: row.id, allEligibleStaff: row.all_eligible_staff }), { type: "INCENTIVE_ENDING_SOON", message, link: `/incentives/${row.id}` }, `incentive:${row.id}:ending-soon`);
  }
  for (const row of ended) await tellEnded(app, tenant, db, { id: row.id, title: row.title, allEligibleStaff: row.all_eligible_staff });
  return starting.length + endingSoon.length + ended.length;
}

export const incentiveNewsJob = defineJob({
  name: "incentive.news",
  data: z.object({}),
  async run({ app, tenant, db, log }) {
    const told = await incentiveNews(app, tenant, db, new Date());
    if (told > 0) log.info({ event: "incentive_news", incentives: told }, "incentive news sent");
  },
});

/** Each morning at 09:00, in the program's time zone. */
export const dailyIncentiveNews = defineSchedule({ id: "news", cron: "0 9 * * *", job: incentiveNewsJob, data: {} });
