import { z } from "zod";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { defineJob, defineSchedule } from "~/modules/jobs/job";
import { tellWaitingApprovers } from "~/modules/points/approval-reminders.server";
import type { AppServices } from "~/modules/services.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { waitingApprovers } from "./nominate.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Reminds approvers of the nominations that have waited the program's approval reminder days
 * for them (the core's `notifications.reminders.approvals`, as points requests are), once in as
 * many days: one notification per approver naming how many wait.
 */
export async function remindNominationApprovers(app: AppServices, tenant: Tenant, db: ProgramDb, now: Date) {
  const { approvals } = tenant.config.notifications.reminders;
  if (!approvals.enabled) return 0;
  const since = new Date(now.getTime() - approvals.afterDays * DAY_MS);
  return db.transaction(async (tx) => {
    const due = await tx
      .updateTable("nomination_approval")
      .set({ reminded_at: now })
      .where("status", "=", "PENDING")
      .where("created_at", "<", since)
      .where((eb) => eb.or([eb("reminded_at", "is", null), eb("reminded_at", "<", since)]))
      .returning(["nomination_id", "kind", "approver_id"])
      .execute();
    const waiting = new Map<number, number>();
    for (const step of due) {
      const nomination = await tx.selectFrom("nomination").select(["nominator_id", "nominee_id"]).where("id", "=", step.nomination_id).executeTakeFirstOrThrow();
      for (const approver of await waitingApprovers(tx, { kind: step.kind, approverId: step.approver_id }, { nominatorId: nomination.nominator_id, nomineeId: nomination.nominee_id })) {
        waiting.set(approver, (waiting.get(approver) ?? 0) + 1);
      }
    }
    await tellWaitingApprovers(app, tenant, tx, now, waiting, { type: "NOMINATION_APPROVAL", what: ["A nomination has", "nominations have"], link: "/approvals/nominations", key: "nomination-reminder" });
    return due.length;
  });
}

export const remindNominations = defineJob({
  name: "nominations.reminders",
  data: z.object({}),
  async run({ app, tenant, db, log }) {
    const steps = await remindNominationApprovers(app, tenant, db, new Date());
    if (steps > 0) log.info({ event: "nomination_approvers_reminded", steps }, "approvers reminded of waiting nominations");
  },
});

export const nominationRemindersSchedule = defineSchedule({ id: "reminders", cron: "0 9 * * *", job: remindNominations, data: {} });
