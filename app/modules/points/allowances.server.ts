import { sql } from "kysely";
import { z } from "zod";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { AllowancePeriod } from "~/modules/db/schema";
import { defineJob, defineSchedule } from "~/modules/jobs/job";
import type { Logger } from "~/modules/logger.server";
import { notify } from "~/modules/notifications/delivery.server";
import type { AppServices } from "~/modules/services.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { calendarDayIn } from "~/modules/time/zones";
import { accountKey, formatPoints } from "./accounts";
import { allowancePeriodWords } from "./allowances";
import { InsufficientPoints, SelfPayment, transfer } from "./ledger.server";

/** "2026-11" for a month, "2026-Q4" for a quarter: the period a day falls in. */
export function periodKey(day: string, period: AllowancePeriod) {
  const month = Number(day.slice(5, 7));
  return period === "MONTHLY" ? day.slice(0, 7) : `${day.slice(0, 4)}-Q${Math.ceil(month / 3)}`;
}

function addDays(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Everyone an allowance gives to now: its person, or its group's members, while active. */
async function membersOf(db: ProgramDb, allowance: { employee_id: number | null; group_id: number | null }) {
  const query = db.selectFrom("employee").select("employee.id").where("employee.active", "=", true).orderBy("employee.id");
  const rows =
    allowance.employee_id !== null
      ? await query.where("employee.id", "=", allowance.employee_id).execute()
      : await query
          .innerJoin("employee_group_member", "employee_group_member.employee_id", "employee.id")
          .where("employee_group_member.group_id", "=", allowance.group_id!)
          .execute();
  return rows.map((row) => row.id);
}

type Allowance = { id: number; employee_id: number | null; group_id: number | null; amount: number; period: AllowancePeriod; expires_after_days: number | null; created_by: number | null };

/**
 * Grants one person their allowance for the period, once (the grant's key and the transfer's
 * both name the period), from the program's bucket, by the program manager who set it up.
 */
async function grantOne(app: AppServices, tenant: Tenant, db: ProgramDb, allowance: Allowance, employeeId: number, day: string) {
  const period = periodKey(day, allowance.period);
  return db.transaction(async (tx) => {
    const done = await tx
      .selectFrom("points_allowance_grant")
      .select("id")
      .where("allowance_id", "=", allowance.id)
      .where("employee_id", "=", employeeId)
      .where("period_key", "=", period)
      .executeTakeFirst();
    if (done) return false;
    const reason = allowancePeriodWords[allowance.period].reason;
    const { transferId } = await transfer(tx, {
      idempotencyKey: `allowance:${allowance.id}:${employeeId}:${period}`,
      kind: "DISCRETIONARY_GRANT",
      amount: allowance.amount,
      reason,
      reference: `allowance:${allowance.id}:${period}`,
      actorId: allowance.created_by,
      from: { kind: "PROGRAM_BUCKET" },
      to: { kind: "DISCRETIONARY", employeeId },
    });
    const grant = await tx
      .insertInto("points_allowance_grant", {
        allowance_id: allowance.id,
        employee_id: employeeId,
        period_key: period,
        amount: allowance.amount,
        transfer_id: transferId,
        expires_on: allowance.expires_after_days === null ? null : addDays(day, allowance.expires_after_days),
      })
      .onConflict((oc) => oc.columns(["program_id", "allowance_id", "employee_id", "period_key"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!grant) return false;
    const message = `You received ${formatPoints(allowance.amount)} points to give: ${reason}.`;
    await notify(app, tenant, tx, [employeeId], { type: "DISCRETIONARY_POINTS_INCREASED", message, link: "/transaction-history/discretionary-points" }, `allowance-grant:${grant.id}`);
    return true;
  });
}

/**
 * Gives each active allowance's people their grant for the current period, if they have
 * none yet. A bucket too short stops the run (tomorrow's run tries again, the period the
 * same); nobody receives an allowance that its own creator set up for them.
 */
export async function grantDueAllowances(app: AppServices, tenant: Tenant, db: ProgramDb, now: Date, log: Logger) {
  if (!tenant.config.program.pointsAccountingEnabled) return 0;
  const day = calendarDayIn(now, tenant.config.program.timeZone);
  const allowances = await db
    .selectFrom("points_allowance")
    .select(["id", "employee_id", "group_id", "amount", "period", "expires_after_days", "created_by"])
    .where("active", "=", true)
    .orderBy("id")
    .execute();
  let granted = 0;
  for (const allowance of allowances) {
    for (const employeeId of await membersOf(db, allowance)) {
      try {
        if (await grantOne(app, tenant, db, allowance, employeeId, day)) granted += 1;
      } catch (error) {
        if (error instanceof SelfPayment) continue;
        if (error instanceof InsufficientPoints) {
          log.warn({ event: "allowances_bucket_short", allowance: allowance.id, granted }, "the program's bucket is too short for the allowances due");
          return granted;
        }
        throw error;
      }
    }
  }
  return granted;
}

/**
 * What remains of a grant, points to give being spent first in, first out: the balance is
 * made of the newest points received, so the part of it older than everything received
 * after the grant, up to the grant's size, is the grant's.
 */
async function remainderOf(db: ProgramDb, grant: { transfer_id: number; employee_id: number; amount: number }) {
  const account = await db
    .selectFrom("points_account")
    .select(["id", "balance"])
    .where("account_key", "=", accountKey({ kind: "DISCRETIONARY", employeeId: grant.employee_id }))
    .forUpdate()
    .executeTakeFirst();
  if (!account) return 0;
  const entry = await db
    .selectFrom("points_entry")
    .select("id")
    .where("transfer_id", "=", grant.transfer_id)
    .where("account_id", "=", account.id)
    .executeTakeFirstOrThrow();
  const after = await db
    .selectFrom("points_entry")
    .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as("received"))
    .where("account_id", "=", account.id)
    .where("id", ">", entry.id)
    .where("amount", ">", 0)
    .executeTakeFirstOrThrow();
  return Math.min(grant.amount, Math.max(0, account.balance - Number(after.received)));
}

/** Takes back, once, what remains of each grant whose expiry day has come; the ledger shows it as an expiry. */
export async function expireDueGrants(db: ProgramDb, tenant: Tenant, now: Date) {
  const day = calendarDayIn(now, tenant.config.program.timeZone);
  const due = await db
    .selectFrom("points_allowance_grant")
    .select(["id", "transfer_id", "employee_id", "amount", "period_key"])
    .where("expires_on", "<=", day)
    .where("expired_amount", "is", null)
    .orderBy("id")
    .execute();
  let taken = 0;
  for (const grant of due) {
    taken += await db.transaction(async (tx) => {
      const remaining = await remainderOf(tx, grant);
      const claimed = await tx
        .updateTable("points_allowance_grant")
        .set({ expired_amount: remaining })
        .where("id", "=", grant.id)
        .where("expired_amount", "is", null)
        .returning("id")
        .executeTakeFirst();
      if (!claimed || remaining === 0) return 0;
      await transfer(tx, {
        idempotencyKey: `allowance-expiry:${grant.id}`,
        kind: "ALLOWANCE_EXPIRY",
        amount: remaining,
        reason: `Unused allowance of ${grant.period_key} expired`,
        reference: `allowance-grant:${grant.id}`,
        actorId: null,
        from: { kind: "DISCRETIONARY", employeeId: grant.employee_id },
        to: { kind: "PROGRAM_BUCKET" },
      });
      return remaining;
    });
  }
  return taken;
}

/** The allowances due in a program: the schedule runs it early each day in the program's time zone. */
export const allowancesJob = defineJob({
  name: "core.allowances",
  data: z.object({}),
  async run({ app, tenant, db, log }) {
    const now = new Date();
    const granted = await grantDueAllowances(app, tenant, db, now, log);
    const expired = await expireDueGrants(db, tenant, now);
    if (granted > 0 || expired > 0) log.info({ event: "allowances_run", granted, expired }, "allowances granted and expired");
  },
});

export const allowancesSchedule = defineSchedule({ id: "allowances", cron: "15 0 * * *", job: allowancesJob, data: {} });

/** The program's allowances for its settings page: whom each gives to, how much, how often, and what it granted so far. */
export async function listAllowances(db: ProgramDb) {
  const rows = await db
    .selectFrom("points_allowance")
    .leftJoin("employee", "employee.id", "points_allowance.employee_id")
    .leftJoin("employee_group", "employee_group.id", "points_allowance.group_id")
    .select((eb) => [
      "points_allowance.id",
      "points_allowance.amount",
      "points_allowance.period",
      "points_allowance.expires_after_days",
      "points_allowance.active",
      "employee.display_name as person",
      "employee_group.name as group",
      eb
        .selectFrom("points_allowance_grant")
        .select(sql<number>`coalesce(sum(points_allowance_grant.amount), 0)::bigint`.as("granted"))
        .whereRef("points_allowance_grant.allowance_id", "=", "points_allowance.id")
        .as("granted"),
      eb
        .selectFrom("points_allowance_grant")
        .select(sql<number>`coalesce(sum(points_allowance_grant.expired_amount), 0)::bigint`.as("expired"))
        .whereRef("points_allowance_grant.allowance_id", "=", "points_allowance.id")
        .as("expired"),
    ])
    .orderBy("points_allowance.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.person ?? `Everyone in ${row.group}`,
    amount: row.amount,
    period: row.period,
    expiresAfterDays: row.expires_after_days,
    active: row.active,
    granted: Number(row.granted ?? 0),
    expired: Number(row.expired ?? 0),
  }));
}

type AllowanceTarget = { employeeId: number } | { groupId: number };

/** Saves an allowance and starts its first grants at once (the daily run would otherwise wait until tomorrow). */
export async function createAllowance(app: AppServices, db: ProgramDb, allowance: { target: AllowanceTarget; amount: number; period: AllowancePeriod; expiresAfterDays: number | null; createdBy: number }) {
  return db.transaction(async (tx) => {
    const { id } = await tx
      .insertInto("points_allowance", {
        employee_id: "employeeId" in allowance.target ? allowance.target.employeeId : null,
        group_id: "groupId" in allowance.target ? allowance.target.groupId : null,
        amount: allowance.amount,
        period: allowance.period,
        expires_after_days: allowance.expiresAfterDays,
        created_by: allowance.createdBy,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await app.jobs.enqueue(tx, allowancesJob, {}, { key: `allowances:created:${id}` });
    return id;
  });
}

/** Pauses or resumes an allowance; what it granted stays granted. */
export async function switchAllowance(db: ProgramDb, id: number, active: boolean) {
  const updated = await db.updateTable("points_allowance").set({ active }).where("id", "=", id).returning("id").executeTakeFirst();
  return Boolean(updated);
}
