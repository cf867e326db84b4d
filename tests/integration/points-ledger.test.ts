import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { AccountRef } from "~/modules/points/accounts";
import { balanceOf, InsufficientPoints, pointsSummary, SelfPayment, transfer } from "~/modules/points/ledger.server";
import { createTestApp, tenantOf, type TestApp } from "../setup/test-app";
import { itRaces } from "../setup/races";

let testApp: TestApp;
let db: ProgramDb;
let employeeId: number;
let managerId: number;
beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
  db = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
  employeeId = await newEmployee("ledger-employee");
  managerId = await newEmployee("ledger-manager");
});

/** A person with no points yet, so each test knows every balance it touches. */
async function newEmployee(loginId: string) {
  const { id } = await db
    .insertInto("employee", { login_id: loginId, first_name: "Test", last_name: loginId, display_name: loginId, employee_type: "EMPLOYEE", permissions: "{}" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
afterAll(() => testApp.close());

const bucket: AccountRef = { kind: "PROGRAM_BUCKET" };
let keyCounter = 0;
const key = (label: string) => `${label}-${++keyCounter}-${Date.now()}`;

async function deposit(amount: number, to: AccountRef = bucket) {
  return transfer(db, { idempotencyKey: key("deposit"), kind: "BUCKET_DEPOSIT", amount, reason: "Test deposit", actorId: null, to });
}

/** Every account's balance equals the sum of its entries, and none is negative. */
async function expectLedgerConsistent() {
  const accounts = await db.selectFrom("points_account").select(["id", "balance"]).execute();
  for (const account of accounts) {
    const { sum } = await db
      .selectFrom("points_entry")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.lit(0)).as("sum"))
      .where("account_id", "=", account.id)
      .executeTakeFirstOrThrow();
    expect(Number(sum)).toBe(account.balance);
    expect(account.balance).toBeGreaterThanOrEqual(0);
  }
}

describe("the points ledger", () => {
  it("records who, when, why and the balance after for each side of a transfer", async () => {
    await deposit(10_000);
    const result = await transfer(db, {
      idempotencyKey: key("grant"),
      kind: "DISCRETIONARY_GRANT",
      amount: 2_500,
      reason: "Quarterly allowance",
      actorId: employeeId,
      from: bucket,
      to: { kind: "DISCRETIONARY", employeeId: managerId },
    });
    expect(result.status).toBe("DONE");
    const entries = await db
      .selectFrom("points_entry")
      .innerJoin("points_transfer", "points_transfer.id", "points_entry.transfer_id")
      .select(["points_entry.amount", "points_entry.balance_after", "points_transfer.reason", "points_transfer.actor_employee_id", "points_transfer.created_at"])
      .where("points_entry.transfer_id", "=", result.transferId)
      .orderBy("points_entry.amount")
      .execute();
    expect(entries.map((e) => e.amount)).toEqual([-2_500, 2_500]);
    expect(entries[1]).toMatchObject({ balance_after: 2_500, reason: "Quarterly allowance", actor_employee_id: employeeId });
    expect(entries[1].created_at).toBeInstanceOf(Date);
    expect(await pointsSummary(db, managerId)).toEqual({
      shoppingPointsAvailable: await balanceOf(db, { kind: "SHOPPING", employeeId: managerId }),
      discretionaryPointsAvailable: 2_500,
    });
    await expectLedgerConsistent();
  });

  it("makes a retried credit a no-op", async () => {
    const request = {
      idempotencyKey: key("award"),
      kind: "AWARD" as const,
      amount: 300,
      reason: "Service award",
      actorId: null,
      from: bucket,
      to: { kind: "SHOPPING" as const, employeeId },
    };
    const before = await balanceOf(db, { kind: "SHOPPING", employeeId });
    const first = await transfer(db, request);
    const retry = await transfer(db, request);
    expect(first.status).toBe("DONE");
    expect(retry).toEqual({ status: "DUPLICATE", transferId: first.transferId });
    expect(await balanceOf(db, { kind: "SHOPPING", employeeId })).toBe(before + 300);
  });

  it("refuses to overdraw, and leaves nothing of the refused transfer behind", async () => {
    const poor: AccountRef = { kind: "SHOPPING", employeeId: managerId };
    const refusedKey = key("order");
    await expect(
      transfer(db, { idempotencyKey: refusedKey, kind: "ORDER", amount: 1, reason: "Gift card", actorId: managerId, from: poor }),
    ).rejects.toBeInstanceOf(InsufficientPoints);
    expect(await db.selectFrom("points_transfer").select("id").where("idempotency_key", "=", refusedKey).executeTakeFirst()).toBeUndefined();
    await expectLedgerConsistent();
  });

  it("rejects amounts that are not positive whole numbers", () => {
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      expect(() => transfer(db, { idempotencyKey: key("bad"), kind: "ADJUSTMENT", amount, reason: "x", actorId: null, to: bucket })).toThrow(RangeError);
    }
  });

  it("never pays a transfer's giver: from their own account, or from the bucket they spend, whatever the kind", async () => {
    await deposit(1_000);
    await transfer(db, { idempotencyKey: key("allowance"), kind: "DISCRETIONARY_GRANT", amount: 100, reason: "Allowance", actorId: null, from: bucket, to: { kind: "DISCRETIONARY", employeeId: managerId } });
    const before = await pointsSummary(db, managerId);
    const selfPaying = [
      { kind: "DISCRETIONARY_GRANT", actorId: managerId, from: { kind: "DISCRETIONARY", employeeId: managerId }, to: { kind: "SHOPPING", employeeId: managerId } },
      { kind: "AWARD", actorId: employeeId, from: { kind: "DISCRETIONARY", employeeId: managerId }, to: { kind: "SHOPPING", employeeId: managerId } },
      { kind: "ADJUSTMENT", actorId: null, from: { kind: "SHOPPING", employeeId: managerId }, to: { kind: "DISCRETIONARY", employeeId: managerId } },
      { kind: "AWARD", actorId: managerId, from: bucket, to: { kind: "SHOPPING", employeeId: managerId } },
      { kind: "DISCRETIONARY_GRANT", actorId: managerId, from: bucket, to: { kind: "DISCRETIONARY", employeeId: managerId } },
    ] as const;
    for (const request of selfPaying) {
      const refusedKey = key("self");
      expect(() => transfer(db, { idempotencyKey: refusedKey, amount: 5, reason: "Self", ...request })).toThrow(SelfPayment);
      expect(await db.selectFrom("points_transfer").select("id").where("idempotency_key", "=", refusedKey).executeTakeFirst()).toBeUndefined();
    }
    expect(await pointsSummary(db, managerId)).toEqual(before);
    await transfer(db, { idempotencyKey: key("award"), kind: "AWARD", amount: 5, reason: "Award", actorId: managerId, from: { kind: "DISCRETIONARY", employeeId: managerId }, to: { kind: "SHOPPING", employeeId } });
    await expectLedgerConsistent();
  });

  itRaces("never goes negative under many concurrent spends, and the balance equals the ledger", async () => {
    const wallet: AccountRef = { kind: "SHOPPING", employeeId: managerId };
    await deposit(1_000, wallet);
    const attempts = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        transfer(db, { idempotencyKey: key(`spend-${i}`), kind: "ORDER", amount: 30, reason: "Concurrent order", actorId: managerId, from: wallet }),
      ),
    );
    const succeeded = attempts.filter((a) => a.status === "fulfilled").length;
    const refused = attempts.filter((a) => a.status === "rejected" && a.reason instanceof InsufficientPoints).length;
    expect(succeeded).toBe(33);
    expect(refused).toBe(7);
    expect(await balanceOf(db, wallet)).toBe(10);
    await expectLedgerConsistent();
  });

  itRaces("pays a concurrently retried transfer once", async () => {
    const shared = key("retried");
    const wallet: AccountRef = { kind: "SHOPPING", employeeId };
    const before = await balanceOf(db, wallet);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        transfer(db, { idempotencyKey: shared, kind: "AWARD", amount: 50, reason: "Retried", actorId: null, from: bucket, to: wallet }),
      ),
    );
    expect(results.filter((r) => r.status === "DONE")).toHaveLength(1);
    expect(await balanceOf(db, wallet)).toBe(before + 50);
    await expectLedgerConsistent();
  });

  it("keeps programs' ledgers apart", async () => {
    const globex = testApp.app.database.forProgram(tenantOf(testApp.app, "globex").programId);
    const [acmeBefore, globexBefore] = [await balanceOf(db, bucket), await balanceOf(globex, bucket)];
    await deposit(777);
    expect(await balanceOf(db, bucket)).toBe(acmeBefore + 777);
    expect(await balanceOf(globex, bucket)).toBe(globexBefore);
  });
});
