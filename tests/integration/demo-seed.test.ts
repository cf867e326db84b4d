import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoProgram } from "~/modules/demo/seed.server";
import { loadCurrentEmployee } from "~/modules/employees/service.server";
import { createTestApp, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ population: 40 });
});
afterAll(() => testApp.close());

async function employee(subdomain: string, loginId: string) {
  const db = testApp.app.database.forProgram(tenantOf(testApp.app, subdomain).programId);
  const { id } = await db.selectFrom("employee").select("id").where("login_id", "=", loginId).executeTakeFirstOrThrow();
  return (await loadCurrentEmployee(db, id))!;
}

describe("demo programs", () => {
  it("have an employee, a manager with direct reports and a program-manager admin", async () => {
    const plain = await employee("acme", "employee");
    expect(plain).toMatchObject({ employeeType: "EMPLOYEE", isSupervisor: false });
    expect(plain.permissions).toMatchObject({ admin: false, usesPoints: true, canRedeemCodes: true });

    const manager = await employee("acme", "manager");
    expect(manager.isSupervisor).toBe(true);
    expect(manager.directReportCount).toBeGreaterThanOrEqual(8);

    const admin = await employee("acme", "admin");
    expect(admin.employeeType).toBe("PROGRAM_MANAGER");
    // Each plugin a program has on grants the demo admin what its manifest says; one it has off grants nothing.
    const { registry } = testApp.app;
    const acmeGrants = registry.demoGrants(tenantOf(testApp.app, "acme").config).admin;
    expect(Object.keys(acmeGrants).length).toBeGreaterThan(0);
    expect(admin.permissions).toMatchObject({ admin: true, canRedeemCodes: true, ...acmeGrants });
    const globex = tenantOf(testApp.app, "globex").config;
    const offInGlobex = Object.keys(acmeGrants).filter((name) => !registry.demoGrants(globex).admin[name]);
    expect(offInGlobex.length).toBeGreaterThan(0);
    const globexAdmin = (await employee("globex", "admin")).permissions as Record<string, boolean | undefined>;
    expect(offInGlobex.map((name) => globexAdmin[name])).toEqual(offInGlobex.map(() => undefined));
  });

  it("have a synthetic population in groups and segments, the same on every run", async () => {
    const scoped = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
    const people = await scoped.selectFrom("employee").select(["login_id"]).orderBy("id").execute();
    expect(people).toHaveLength(45);
    const members = await scoped.selectFrom("employee_group_member").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(members.n)).toBe(45);
    const segments = await scoped.selectFrom("segment").select("name").orderBy("name").execute();
    expect(segments.map((s) => s.name)).toEqual(["Asia Pacific", "Europe", "North America"]);
    expect(people[5].login_id).toMatch(/^[a-z]+\.[a-z']*[a-z]+\.1$/);
  });

  it("are seeded only once", async () => {
    expect(await seedDemoProgram(testApp.app.database, tenantOf(testApp.app, "acme"), { population: 1 })).toBeNull();
  });
});

describe("a program seeded at scale", () => {
  let scaled: TestApp;
  beforeAll(async () => {
    scaled = await createTestApp({ population: 150, ledgerEntries: 4_000 });
  });
  afterAll(() => scaled.close());

  it("has a points history of the size asked for, whose balances add up as the ledger's own transfers would leave them", async () => {
    const db = scaled.app.database.forProgram(tenantOf(scaled.app, "acme").programId);
    const entries = await db.selectFrom("points_entry").select(["id", "account_id", "transfer_id", "amount", "balance_after", "created_at"]).orderBy("id").execute();
    expect(entries.length).toBeGreaterThanOrEqual(4_000);
    expect(entries.length).toBeLessThan(4_050);

    const running = new Map<number, number>();
    for (const entry of entries) {
      const balance = (running.get(entry.account_id) ?? 0) + Number(entry.amount);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(Number(entry.balance_after)).toBe(balance);
      running.set(entry.account_id, balance);
    }
    const accounts = await db.selectFrom("points_account").select(["id", "balance"]).execute();
    expect(accounts.length).toBeGreaterThan(100);
    for (const account of accounts) expect(Number(account.balance)).toBe(running.get(account.id) ?? 0);

    // A transfer between accounts nets to zero; a deposit adds its amount, an order takes it out of the program.
    const transfers = await db.selectFrom("points_transfer").select(["id", "kind", "amount", "created_at"]).where("idempotency_key", "like", "history:%").execute();
    const net = new Map<number, number>();
    for (const entry of entries) net.set(entry.transfer_id, (net.get(entry.transfer_id) ?? 0) + Number(entry.amount));
    const expected = { BUCKET_DEPOSIT: 1, ORDER: -1, AWARD: 0, DISCRETIONARY_GRANT: 0 } as Record<string, number>;
    for (const transfer of transfers) expect(net.get(transfer.id)).toBe(expected[transfer.kind] * Number(transfer.amount));
    expect(new Set(transfers.map((transfer) => transfer.kind))).toEqual(new Set(Object.keys(expected)));

    // Two years of it, and the named demo users have their share.
    const times = transfers.map((transfer) => new Date(transfer.created_at).getTime());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(650 * 24 * 60 * 60 * 1000);
    const employee = await db.selectFrom("employee").select("id").where("login_id", "=", "employee").executeTakeFirstOrThrow();
    const own = await db
      .selectFrom("points_entry")
      .innerJoin("points_account", "points_account.id", "points_entry.account_id")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("points_account.employee_id", "=", employee.id)
      .executeTakeFirstOrThrow();
    expect(Number(own.n)).toBeGreaterThan(5);
  });

  it("puts every synthetic employee in a team, a group and a segment", async () => {
    const db = scaled.app.database.forProgram(tenantOf(scaled.app, "acme").programId);
    const orphans = await db.selectFrom("employee").select("login_id").where("parent_employee_id", "is", null).execute();
    expect(orphans.map((row) => row.login_id)).toEqual(["admin"]);
    for (const table of ["employee_group_member", "employee_segment"] as const) {
      const { n } = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      expect(Number(n)).toBe(155);
    }
  });
});
