import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkReadiness } from "~/modules/http/express-app.server";
import { HISTORY_PAGE_SIZE } from "~/modules/points/history.server";
import { transfer } from "~/modules/points/ledger.server";
import { loader as indexLoader } from "~/routes/transaction-history._index";
import { loader as listLoader } from "~/routes/transaction-history.$kind._index";
import { loader as viewLoader } from "~/routes/transaction-history.$kind.view.$id";
import { contextFor, createTestApp, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
});
afterAll(() => testApp.close());

async function load(loader: (args: never) => Promise<Response>, subdomain: string, loginId: string, path: string, params: Record<string, string> = {}) {
  const { cookie } = await signInAs(testApp.app, subdomain, loginId);
  return (await settle(() =>
    (loader as (args: unknown) => Promise<Response>)({ request: requestTo(subdomain, path, { cookie }), context: contextFor(testApp.app, subdomain), params }),
  )) as Response;
}

describe("transaction history", () => {
  it("lists points to spend newest first, a page at a time, with links between pages", async () => {
    const { employeeId } = await signInAs(testApp.app, "acme", "employee");
    const db = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
    for (let i = 1; i <= HISTORY_PAGE_SIZE + 3; i++) {
      await transfer(db, { idempotencyKey: `history-${i}`, kind: "AWARD", amount: i, reason: `Award ${i}`, actorId: null, from: { kind: "PROGRAM_BUCKET" }, to: { kind: "SHOPPING", employeeId } });
    }
    const first = await (await load(listLoader, "acme", "employee", "/transaction-history/my-points", { kind: "my-points" })).json();
    expect(first.title).toBe("Points to Spend");
    expect(first.entries).toHaveLength(HISTORY_PAGE_SIZE);
    expect(first.entries[0]).toMatchObject({ amount: HISTORY_PAGE_SIZE + 3, reason: `Award ${HISTORY_PAGE_SIZE + 3}`, kind: "AWARD" });
    expect(first.hasMore).toBe(true);
    expect(first.balance).toBe(first.entries[0].balanceAfter);

    const second = await (await load(listLoader, "acme", "employee", "/transaction-history/my-points?page=2", { kind: "my-points" })).json();
    expect(second.entries.map((e: { reason: string }) => e.reason)).toEqual(["Award 3", "Award 2", "Award 1", "Welcome bonus"]);
    expect(second.hasMore).toBe(false);

    const entry = await (await load(viewLoader, "acme", "employee", `/transaction-history/my-points/view/${first.entries[0].id}`, { kind: "my-points", id: String(first.entries[0].id) })).json();
    expect(entry.entry).toMatchObject({ id: first.entries[0].id, amount: HISTORY_PAGE_SIZE + 3 });

    // The balance is kept with the viewer's row (decision 106): a transfer after the page was shown moves it.
    await transfer(db, { idempotencyKey: "history-after", kind: "AWARD", amount: 7, reason: "Award after", actorId: null, from: { kind: "PROGRAM_BUCKET" }, to: { kind: "SHOPPING", employeeId } });
    const again = await (await load(listLoader, "acme", "employee", "/transaction-history/my-points", { kind: "my-points" })).json();
    expect([again.entries[0].reason, again.balance]).toEqual(["Award after", first.balance + 7]);
  });

  it("shows points to give only to those who can give them with points accounting on", async () => {
    const manager = await (await load(listLoader, "acme", "manager", "/transaction-history/discretionary-points", { kind: "discretionary-points" })).json();
    expect(manager.entries[0]).toMatchObject({ amount: 10_000, reason: "Quarterly allowance", actorName: "Alex Admin" });
    expect(manager.tabs.map((t: { kind: string }) => t.kind)).toEqual(["my-points", "discretionary-points"]);

    const employee = await load(listLoader, "acme", "employee", "/transaction-history/discretionary-points", { kind: "discretionary-points" });
    expect(employee.headers.get("Location")).toBe("/feed");
    // Globex has points accounting off: its managers have no Points to Give history.
    const globexManager = await load(listLoader, "globex", "manager", "/transaction-history/discretionary-points", { kind: "discretionary-points" });
    expect(globexManager.headers.get("Location")).toBe("/feed");
    expect((await load(indexLoader, "acme", "employee", "/transaction-history")).headers.get("Location")).toBe("/transaction-history/my-points");
  });

  it("never shows someone else's entry, nor another program's, and 404s unknown kinds", async () => {
    const mine = await (await load(listLoader, "acme", "manager", "/transaction-history/my-points", { kind: "my-points" })).json();
    const entryId = String(mine.entries[0].id);
    expect((await load(viewLoader, "acme", "employee", "/x", { kind: "my-points", id: entryId })).status).toBe(404);
    expect((await load(viewLoader, "globex", "manager", "/x", { kind: "my-points", id: entryId })).status).toBe(404);
    expect((await load(listLoader, "acme", "employee", "/x", { kind: "everything" })).status).toBe(404);
  });
});

describe("readiness", () => {
  it("reports the database, and Redis when configured", async () => {
    const { ready, checks } = await checkReadiness(testApp.app);
    expect(ready).toBe(true);
    expect(checks).toEqual(process.env.REDIS_URL ? { database: "ok", redis: "ok" } : { database: "ok" });
  });
});
