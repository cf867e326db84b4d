import { z } from "zod";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { defineJob, defineSchedule } from "~/modules/jobs/job";
import { notify, type NotificationDraft } from "~/modules/notifications/delivery.server";
import type { AppServices } from "~/modules/services.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { calendarDayIn } from "~/modules/time/zones";
import { activeApprovers } from "./requests.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Reminds approvers of the points requests that have waited the program's `afterDays` for
 * them (and as long since the last reminder): one notification per approver naming how many
 * wait; a request left to every approver reminds each of them. The day names the batch, so a
 * run repeated the same day reminds nobody twice.
 */
export async function remindWaitingApprovers(app: AppServices, tenant: Tenant, db: ProgramDb, now: Date) {
  const { approvals } = tenant.config.notifications.reminders;
  if (!approvals.enabled || !tenant.config.program.pointsAccountingEnabled) return 0;
  const since = new Date(now.getTime() - approvals.afterDays * DAY_MS);
  return db.transaction(async (tx) => {
    const due = await tx
      .updateTable("points_request")
      .set({ reminded_at: now })
      .where("status", "=", "PENDING")
      .where("created_at", "<", since)
      .where((eb) => eb.or([eb("reminded_at", "is", null), eb("reminded_at", "<", since)]))
      .returning(["id", "approver_id", "requester_id"])
      .execute();
    if (due.length === 0) return 0;
    await tx.insertInto("points_request_event", due.map((request) => ({ request_id: request.id, action: "REMINDED" as const, actor_id: null }))).execute();
    const everyone = due.some((request) => request.approver_id === null) ? await activeApprovers(tx) : [];
    const waiting = new Map<number, number>();
    for (const request of due) {
      const approvers = request.approver_id !== null ? [request.approver_id] : everyone.filter((id) => id !== request.requester_id);
      for (const approver of approvers) waiting.set(approver, (waiting.get(approver) ?? 0) + 1);
    }
    await tellWaitingApprovers(app, tenant, tx, now, waiting, { type: "PT_APP", what: ["A points request has", "points requests have"], link: "/approvals/points", key: "approval-reminder" });
    return due.length;
  });
}

/**
 * Tells each approver how many requests of a kind have waited the program's approval reminder
 * days for them: one notification each (batched by count), named by the day, so a run repeated
 * the same day tells nobody twice.
 */
export async function tellWaitingApprovers(
  app: AppServices,
  tenant: Tenant,
  db: ProgramDb,
  now: Date,
  waiting: ReadonlyMap<number, number>,
  reminder: { type: NotificationDraft["type"]; what: [one: string, many: string]; link: string; key: string },
) {
  const { afterDays } = tenant.config.notifications.reminders.approvals;
  const day = calendarDayIn(now, tenant.config.program.timeZone);
  const byCount = new Map<number, number[]>();
  for (const [approver, count] of waiting) byCount.set(count, [...(byCount.get(count) ?? []), approver]);
  for (const [count, approvers] of byCount) {
    const message = `${count === 1 ? reminder.what[0] : `${count} ${reminder.what[1]}`} waited ${afterDays} days or more for your decision.`;
    await notify(app, tenant, db, approvers, { type: reminder.type, message, link: reminder.link }, `${reminder.key}:${day}:${count}`);
  }
}

export const remindApprovers = defineJob({
  name: "core.approval-reminders",
  data: z.object({}),
  async run({ app, tenant, db, log }) {
    const requests = await remindWaitingApprovers(app, tenant, db, new Date());
    if (requests > 0) log.info({ event: "approvers_reminded", requests }, "approvers reminded of waiting points requests");
  },
});

export const approvalRemindersSchedule = defineSchedule({ id: "approval-reminders", cron: "0 9 * * *", job: remindApprovers, data: {} });
