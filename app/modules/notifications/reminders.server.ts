import { sql } from "kysely";
import { z } from "zod";
import type { AppServices } from "~/modules/services.server";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { defineJob, defineSchedule } from "~/modules/jobs/job";
import type { Tenant } from "~/modules/tenants/tenant";
import { calendarDayIn } from "~/modules/time/zones";
import { notify } from "./delivery.server";
import { reminderText } from "./reminders";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The login reminder: to everyone active who has not signed in for the
 * program's `afterDays` (counted from their arrival when they never have),
 * and has not been reminded within as many days. The day names the batch, so
 * a run repeated the same day reminds nobody twice.
 */
export async function sendLoginReminders(app: AppServices, tenant: Tenant, db: ProgramDb, now: Date) {
  const { login } = tenant.config.notifications.reminders;
  if (!login.enabled) return 0;
  const since = new Date(now.getTime() - login.afterDays * DAY_MS);
  const due = await db
    .selectFrom("employee")
    .select("employee.id")
    .where("employee.active", "=", true)
    .where(sql<Date>`coalesce(employee.last_signed_in_at, employee.created_at)`, "<", since)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("notification")
            .select("notification.id")
            .whereRef("notification.employee_id", "=", "employee.id")
            .where("notification.type", "=", "LOGIN_REMINDER")
            .where("notification.created_at", ">=", since),
        ),
      ),
    )
    .orderBy("employee.id")
    .execute();
  if (due.length === 0) return 0;
  const message = reminderText(login.text, { program: tenant.config.name, days: login.afterDays });
  const day = calendarDayIn(now, tenant.config.program.timeZone);
  await notify(app, tenant, db, due.map((row) => row.id), { type: "LOGIN_REMINDER", message, link: "/feed" }, `login-reminder:${day}`);
  return due.length;
}

/**
 * The refill reminder, on the program's day of the month: to everyone who may
 * give points and has some left to give, with their own balance in the text
 * (one send per balance). The month names them all, so nobody is reminded
 * twice in a month, whatever their balance did in between.
 */
export async function sendRefillReminders(app: AppServices, tenant: Tenant, db: ProgramDb, now: Date) {
  const { refill } = tenant.config.notifications.reminders;
  const day = calendarDayIn(now, tenant.config.program.timeZone);
  if (!refill.enabled || !tenant.config.program.pointsAccountingEnabled || Number(day.slice(8)) !== refill.dayOfMonth) return 0;
  const givers = await db
    .selectFrom("points_account")
    .innerJoin("employee", "employee.id", "points_account.employee_id")
    .select(["employee.id", "points_account.balance"])
    .where("points_account.kind", "=", "DISCRETIONARY")
    .where("points_account.balance", ">", 0)
    .where("employee.active", "=", true)
    .where(sql<boolean>`coalesce((employee.permissions ->> 'canGiveDiscretionaryPoints')::boolean, false)`)
    .orderBy("employee.id")
    .execute();
  const byBalance = new Map<number, number[]>();
  for (const giver of givers) byBalance.set(giver.balance, [...(byBalance.get(giver.balance) ?? []), giver.id]);
  const month = day.slice(0, 7);
  for (const [points, ids] of byBalance) {
    const message = reminderText(refill.text, { program: tenant.config.name, points });
    await notify(app, tenant, db, ids, { type: "REFILL_REMINDER", message, link: "/transaction-history/discretionary-points" }, `refill-reminder:${month}`);
  }
  return givers.length;
}

/** The reminders due in a program today: the schedule runs it at 9:00 in the program's time zone. */
export const sendReminders = defineJob({
  name: "core.reminders",
  data: z.object({}),
  async run({ app, tenant, db, log }) {
    const now = new Date();
    const login = await sendLoginReminders(app, tenant, db, now);
    const refill = await sendRefillReminders(app, tenant, db, now);
    if (login + refill > 0) log.info({ event: "reminders_sent", login, refill }, "reminders sent");
  },
});

export const remindersSchedule = defineSchedule({ id: "reminders", cron: "0 9 * * *", job: sendReminders, data: {} });

/** A reminder as the settings page shows it to one person: when it comes, and its text for them. */
export interface ReminderPreview {
  type: "LOGIN_REMINDER" | "REFILL_REMINDER";
  title: string;
  when: string;
  text: string;
}

/** The program's reminders that can reach this person: the login reminder, and the refill reminder for those who give points. */
export function reminderPreviews(tenant: Tenant, viewer: { canGivePoints: boolean; pointsToGive: number }): ReminderPreview[] {
  const { login, refill } = tenant.config.notifications.reminders;
  const program = tenant.config.name;
  const previews: ReminderPreview[] = [];
  if (login.enabled) {
    previews.push({
      type: "LOGIN_REMINDER",
      title: "Login reminder",
      when: `When you have not signed in for ${login.afterDays} days, at most once every ${login.afterDays} days.`,
      text: reminderText(login.text, { program, days: login.afterDays }),
    });
  }
  if (refill.enabled && viewer.canGivePoints) {
    previews.push({
      type: "REFILL_REMINDER",
      title: "Points refill reminder",
      when: `On day ${refill.dayOfMonth} of each month, when you have points to give.`,
      text: reminderText(refill.text, { program, points: viewer.pointsToGive }),
    });
  }
  return previews;
}
