import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { expireDueGrants, grantDueAllowances, periodKey } from "~/modules/points/allowances.server";
import { balanceOf, transfer } from "~/modules/points/ledger.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { action as allowancesAction, loader as allowancesLoader } from "~/routes/program-settings_.allowances";
import { contextFor, createTestApp, formPost, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;
let acme: ProgramDb;
let tenant: Tenant;
const ids: Record<string, number> = {};
let adminCookie: string;

beforeAll(async () => {
  // No background runner: each test runs the allowances when it says, at the instant it names.
  testApp = await createTestApp({ population: 0, jobs: { workers: 0 } });
  tenant = await testApp.app.tenantSettings.effective(tenantOf(testApp.app, "acme"));
  acme = testApp.app.database.forProgram(tenant.programId);
  for (const loginId of ["admin", "manager", "employee"]) {
    const signed = await signInAs(testApp.app, "acme", loginId);
    ids[loginId] = signed.employeeId;
    if (loginId === "admin") adminCookie = signed.cookie;
  }
});
afterAll(() => testApp.close());

const log = { warn: () => undefined, info: () => undefined } as never;
const toGive = (loginId: string) => balanceOf(acme, { kind: "DISCRETIONARY", employeeId: ids[loginId]! });

async function save(fields: Record<string, string>) {
  return (await settle(() =>
    allowancesAction({ request: formPost("acme", "/program-settings/allowances", fields, adminCookie), context: contextFor(testApp.app, "acme"), params: {} }),
  )) as Response;
}

async function newAllowance(fields: Record<string, string>) {
  const response = await save({ intent: "create", period: "MONTHLY", ...fields });
  expect(response.status).toBe(302);
  return (await acme.selectFrom("points_allowance").select("id").orderBy("id", "desc").executeTakeFirstOrThrow()).id;
}

async function pause(id: number) {
  await save({ intent: "pause", id: String(id) });
}

describe("allowances", () => {
  it("name their period by month or quarter", () => {
    expect(periodKey("2026-11-30", "MONTHLY")).toBe("2026-11");
    expect(periodKey("2026-11-30", "QUARTERLY")).toBe("2026-Q4");
    expect(periodKey("2027-01-01", "QUARTERLY")).toBe("2027-Q1");
  });

  it("grant a group's members their points once a period, from the bucket, and again the next", async () => {
    const engineering = await acme.selectFrom("employee_group").select("id").where("name", "=", "Engineering").executeTakeFirstOrThrow();
    const id = await newAllowance({ target: "group", group: String(engineering.id), amount: "1500" });
    const before = { manager: await toGive("manager"), employee: await toGive("employee"), bucket: await balanceOf(acme, { kind: "PROGRAM_BUCKET" }) };
    const november = new Date("2026-11-03T12:00:00Z");
    expect(await grantDueAllowances(testApp.app, tenant, acme, november, log)).toBe(2);
    expect(await grantDueAllowances(testApp.app, tenant, acme, new Date("2026-11-20T12:00:00Z"), log)).toBe(0);
    expect(await toGive("manager")).toBe(before.manager + 1500);
    expect(await toGive("employee")).toBe(before.employee + 1500);
    expect(await balanceOf(acme, { kind: "PROGRAM_BUCKET" })).toBe(before.bucket - 3000);
    expect(await grantDueAllowances(testApp.app, tenant, acme, new Date("2026-12-01T12:00:00Z"), log)).toBe(2);
    expect(await toGive("manager")).toBe(before.manager + 3000);
    const transfers = await acme.selectFrom("points_transfer").select(["reason", "actor_employee_id"]).where("reference", "like", `allowance:${id}:%`).execute();
    expect(transfers).toHaveLength(4);
    expect(transfers[0]).toEqual({ reason: "Monthly allowance", actor_employee_id: ids.admin });
    await pause(id);
    expect(await grantDueAllowances(testApp.app, tenant, acme, new Date("2027-01-05T12:00:00Z"), log)).toBe(0);
  });

  it("take back only what remains of an expired grant, points to give being spent first in, first out", async () => {
    const id = await newAllowance({ target: "person", person: "employee", amount: "1000", expiresAfterDays: "10" });
    const start = await toGive("employee");
    await grantDueAllowances(testApp.app, tenant, acme, new Date("2027-02-01T12:00:00Z"), log);
    const grant = await acme.selectFrom("points_allowance_grant").selectAll().where("allowance_id", "=", id).executeTakeFirstOrThrow();
    expect(grant.expires_on).toBe("2027-02-11");
    const me = { kind: "DISCRETIONARY", employeeId: ids.employee! } as const;
    // What the employee had before the grant is spent first (start), then 300 of the grant; 200 arrive after it.
    await transfer(acme, { idempotencyKey: "fifo:spend", kind: "AWARD", amount: start + 300, reason: "Recognised the team", actorId: ids.employee!, from: me, to: { kind: "SHOPPING", employeeId: ids.manager! } });
    await transfer(acme, { idempotencyKey: "fifo:later", kind: "DISCRETIONARY_GRANT", amount: 200, reason: "Later grant", actorId: ids.admin!, from: { kind: "PROGRAM_BUCKET" }, to: me });
    expect(await toGive("employee")).toBe(900);

    expect(await expireDueGrants(acme, tenant, new Date("2027-02-10T12:00:00Z"))).toBe(0);
    expect(await expireDueGrants(acme, tenant, new Date("2027-02-11T12:00:00Z"))).toBe(700);
    expect(await expireDueGrants(acme, tenant, new Date("2027-02-12T12:00:00Z"))).toBe(0);
    expect(await toGive("employee")).toBe(200);
    const expiry = await acme.selectFrom("points_transfer").select(["kind", "amount", "reason"]).where("reference", "=", `allowance-grant:${grant.id}`).executeTakeFirstOrThrow();
    expect(expiry).toEqual({ kind: "ALLOWANCE_EXPIRY", amount: 700, reason: "Unused allowance of 2027-02 expired" });
    await pause(id);
  });

  it("take nothing back from a grant already spent", async () => {
    const id = await newAllowance({ target: "person", person: "manager", amount: "400", expiresAfterDays: "1" });
    await grantDueAllowances(testApp.app, tenant, acme, new Date("2027-03-01T12:00:00Z"), log);
    const held = await toGive("manager");
    await transfer(acme, { idempotencyKey: "spent:all", kind: "AWARD", amount: held, reason: "Spent", actorId: ids.manager!, from: { kind: "DISCRETIONARY", employeeId: ids.manager! }, to: { kind: "SHOPPING", employeeId: ids.employee! } });
    expect(await expireDueGrants(acme, tenant, new Date("2027-03-02T12:00:00Z"))).toBe(0);
    const grant = await acme.selectFrom("points_allowance_grant").select("expired_amount").where("allowance_id", "=", id).executeTakeFirstOrThrow();
    expect(grant.expired_amount).toBe(0);
    await pause(id);
  });

  it("are never given to the program manager who sets them up", async () => {
    const self = await save({ intent: "create", target: "person", person: "admin", amount: "100", period: "MONTHLY" });
    expect(self.status).toBe(400);
    expect((await self.json()).result.error.person).toEqual(["Nobody gives themselves points: another program manager sets your allowance."]);
    // A group that holds its creator grants to the others only.
    const group = await acme.insertInto("employee_group", { name: "Leads", bucket: "Teams" }).returning("id").executeTakeFirstOrThrow();
    await acme.insertInto("employee_group_member", [ids.admin!, ids.manager!].map((employee_id) => ({ group_id: group.id, employee_id }))).execute();
    const id = await newAllowance({ target: "group", group: String(group.id), amount: "250" });
    const admin = await toGive("admin");
    expect(await grantDueAllowances(testApp.app, tenant, acme, new Date("2027-04-01T12:00:00Z"), log)).toBe(1);
    expect(await toGive("admin")).toBe(admin);
    await pause(id);
  });

  it("say what is wrong with a form, beside its fields, and keep what was typed", async () => {
    const response = await save({ intent: "create", target: "person", person: "nobody@example.com", amount: "ten", period: "WEEKLY", expiresAfterDays: "0" });
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error).toMatchObject({
      amount: ["Point values must be a positive whole number."],
      period: ["Choose how often"],
      expiresAfterDays: ["At least 1 day"],
    });
    expect(result.initialValue).toMatchObject({ person: "nobody@example.com", amount: "ten" });
    const unknown = await save({ intent: "create", target: "person", person: "nobody@example.com", amount: "10", period: "MONTHLY" });
    expect((await unknown.json()).result.error.person).toEqual(["No active person in this program has that sign-in name or e-mail."]);
    const globexGroup = await testApp.app.database.forProgram(tenantOf(testApp.app, "globex").programId).selectFrom("employee_group").select("id").executeTakeFirstOrThrow();
    const foreign = await save({ intent: "create", target: "group", group: String(globexGroup.id), amount: "10", period: "MONTHLY" });
    expect((await foreign.json()).result.error.group).toEqual(["Choose a group"]);
  });

  it("are listed with what they granted and took back, for program managers only", async () => {
    const page = await (await allowancesLoader({ request: requestTo("acme", "/program-settings/allowances", { cookie: adminCookie }), context: contextFor(testApp.app, "acme"), params: {} })).json();
    expect(page.allowances.find((a: { to: string }) => a.to === "Emery Employee")).toMatchObject({ granted: 1000, expired: 700, active: false, expiresAfterDays: 10 });
    const { cookie } = await signInAs(testApp.app, "acme", "manager");
    const refused = (await settle(() => allowancesLoader({ request: requestTo("acme", "/program-settings/allowances", { cookie }), context: contextFor(testApp.app, "acme"), params: {} }))) as Response;
    expect(refused.headers.get("Location")).toBe("/feed");
  });
});
