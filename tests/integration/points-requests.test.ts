import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/modules/auth/viewer";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { loadCurrentEmployee } from "~/modules/employees/service.server";
import { balanceOf, transfer } from "~/modules/points/ledger.server";
import { remindWaitingApprovers } from "~/modules/points/approval-reminders.server";
import { decideRequest, mayDecide } from "~/modules/points/requests.server";
import { coreServerContributions } from "~/modules/shell/core-contributions.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { loader as approvalsIndex } from "~/routes/approvals._index";
import { loader as approvalsList } from "~/routes/approvals.points._index";
import { action as decide, loader as approvalDetail } from "~/routes/approvals.points.$id";
import { action as approversAction } from "~/routes/program-settings_.approvers";
import { action as requestAction, loader as requestLoader } from "~/routes/points-request";
import { action as cancelAction, loader as requestDetail } from "~/routes/points-request-detail.$id";
import { contextFor, createTestApp, formPost, requestTo, settle, signInAs, tenantOf, signInPeople, type TestApp } from "../setup/test-app";
import { itRaces } from "../setup/races";

let testApp: TestApp;
let acme: ProgramDb;
let tenant: Tenant;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};
const bucket = { kind: "PROGRAM_BUCKET" } as const;

beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
  tenant = await testApp.app.tenantSettings.effective(tenantOf(testApp.app, "acme"));
  acme = testApp.app.database.forProgram(tenant.programId);
  // The employee may ask too: their requests wait for their manager (an approver), the manager's for the program manager.
  await acme.updateTable("employee").set({ permissions: JSON.stringify({ canRequestDiscretionaryPoints: true, canGiveDiscretionaryPoints: true }) }).where("login_id", "=", "employee").execute();
  const people = await signInPeople(testApp.app, "acme");
  Object.assign(ids, people.ids);
  Object.assign(cookies, people.cookies);
});
afterAll(() => testApp.close());

type Route = (args: never) => Promise<unknown>;

async function call(route: Route, loginId: string, path: string, params: Record<string, string> = {}, fields?: Record<string, string>, subdomain = "acme") {
  const cookie = subdomain === "acme" ? cookies[loginId] : (await signInAs(testApp.app, subdomain, loginId)).cookie;
  const request = fields ? formPost(subdomain, path, fields, cookie) : requestTo(subdomain, path, { cookie });
  return (await settle(() => (route as (args: unknown) => Promise<Response>)({ request, context: contextFor(testApp.app, subdomain), params }))) as Response;
}

async function ask(loginId: string, amount: number, reason: string) {
  const response = await call(requestAction, loginId, "/points-request", {}, { amount: String(amount), reason, formKey: crypto.randomUUID() });
  expect(response.status).toBe(302);
  return Number(response.headers.get("Location")!.split("/").at(-1));
}

async function viewerOf(loginId: string, delegation: Viewer["delegation"] = null): Promise<Viewer> {
  return { employee: (await loadCurrentEmployee(acme, ids[loginId]!))!, tenant: tenant.config, delegation };
}

const pointsToGive = (loginId: string) => balanceOf(acme, { kind: "DISCRETIONARY", employeeId: ids[loginId]! });
const notificationsOf = (loginId: string, type: string) =>
  acme.selectFrom("notification").select(["message", "link"]).where("employee_id", "=", ids[loginId]!).where("type", "=", type).orderBy("id").execute();
const requestRow = (id: number) => acme.selectFrom("points_request").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("a points request", () => {
  it("goes to the requester's nearest approver, who approves another amount: the ledger pays it from the bucket once, and both are told", async () => {
    const before = { toGive: await pointsToGive("manager"), bucket: await balanceOf(acme, bucket) };
    const id = await ask("manager", 1_000, "Q4 launch team");
    expect(await requestRow(id)).toMatchObject({ status: "PENDING", approver_id: ids.admin, amount_requested: 1_000 });
    await expect.poll(async () => (await notificationsOf("admin", "PT_APP")).map((n) => n.link), { timeout: 20_000 }).toContain(`/approvals/points/${id}`);

    const list = await (await call(approvalsList, "admin", "/approvals/points")).json();
    expect(list.pending.map((r: { id: number }) => r.id)).toContain(id);
    const detail = await (await call(approvalDetail, "admin", `/approvals/points/${id}`, { id: String(id) })).json();
    expect(detail).toMatchObject({ request: { amountRequested: 1_000, requester: "Morgan Manager", status: "PENDING" }, bucket: before.bucket, canDecide: true });

    const approved = await call(decide, "admin", `/approvals/points/${id}`, { id: String(id) }, { intent: "approve", amount: "700", comment: "Start with this" });
    expect(approved.headers.get("Location")).toBe("/approvals/points");
    expect(await pointsToGive("manager")).toBe(before.toGive + 700);
    expect(await balanceOf(acme, bucket)).toBe(before.bucket - 700);
    expect(await requestRow(id)).toMatchObject({ status: "APPROVED", amount_approved: 700, decision_comment: "Start with this" });
    const transfers = await acme.selectFrom("points_transfer").select(["kind", "amount", "actor_employee_id"]).where("reference", "=", `points-request:${id}`).execute();
    expect(transfers).toEqual([{ kind: "DISCRETIONARY_GRANT", amount: 700, actor_employee_id: ids.admin }]);

    // Deciding again changes nothing: the request is claimed by its status.
    const again = await call(decide, "admin", `/approvals/points/${id}`, { id: String(id) }, { intent: "approve", amount: "1000" });
    expect(again.headers.get("Location")).toBe(`/approvals/points/${id}`);
    expect(await pointsToGive("manager")).toBe(before.toGive + 700);

    const mine = await (await call(requestDetail, "manager", `/points-request-detail/${id}`, { id: String(id) })).json();
    expect(mine.history.map((line: { action: string }) => line.action)).toEqual(["REQUESTED", "APPROVED"]);
    expect(mine.history[1]).toMatchObject({ actor: "Alex Admin", amount: 700, comment: "Start with this" });
    await expect
      .poll(async () => (await notificationsOf("manager", "DISC_APP")).map((n) => n.message), { timeout: 20_000 })
      .toContain("Your points request was approved: 700 points to give are yours. Alex Admin: Start with this");
  });

  it("is denied only with a reason for the requester, and then pays nothing", async () => {
    const id = await ask("manager", 400, "Team lunch");
    const toGive = await pointsToGive("manager");
    const bare = await call(decide, "admin", `/approvals/points/${id}`, { id: String(id) }, { intent: "deny", amount: "400", comment: " " });
    expect(bare.status).toBe(400);
    expect((await bare.json()).result.error.comment).toEqual(["Say why, for the requester"]);
    const denied = await call(decide, "admin", `/approvals/points/${id}`, { id: String(id) }, { intent: "deny", comment: "Not this quarter" });
    expect(denied.status).toBe(302);
    expect(await requestRow(id)).toMatchObject({ status: "DENIED", amount_approved: null });
    expect(await pointsToGive("manager")).toBe(toGive);
    await expect.poll(async () => (await notificationsOf("manager", "DISC_APP")).map((n) => n.message), { timeout: 20_000 }).toContain("Your points request was denied. Alex Admin: Not this quarter");
  });

  it("keeps what was typed and says why when the form is wrong", async () => {
    const response = await call(requestAction, "manager", "/points-request", {}, { amount: "1e3", reason: "", formKey: "k" });
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error).toEqual({ amount: ["Point values must be a positive whole number."], reason: ["Say what the points are for"] });
    expect(result.initialValue).toMatchObject({ amount: "1e3" });
  });

  it("is made once from a form posted twice", async () => {
    const fields = { amount: "50", reason: "Double click", formKey: "same-form" };
    const first = await call(requestAction, "manager", "/points-request", {}, fields);
    const second = await call(requestAction, "manager", "/points-request", {}, fields);
    expect(first.headers.get("Location")).toBe(second.headers.get("Location"));
  });

  it("can be cancelled by its requester while it waits, and then not approved", async () => {
    const id = await ask("manager", 300, "Offsite");
    const pendingFor = async (loginId: string) => (await (await call(approvalsList, loginId, "/approvals/points")).json()).pending.map((r: { id: number }) => r.id);
    expect(await pendingFor("admin")).toContain(id);
    expect((await call(cancelAction, "manager", `/points-request-detail/${id}`, { id: String(id) }, {})).status).toBe(302);
    expect((await requestRow(id)).status).toBe("CANCELLED");
    // The approver's queue is kept with their row (decision 110): a cancellation, which tells no one, moves it.
    expect(await pendingFor("admin")).not.toContain(id);
    const late = await call(decide, "admin", `/approvals/points/${id}`, { id: String(id) }, { intent: "approve", amount: "300" });
    expect(late.headers.get("Location")).toBe(`/approvals/points/${id}`);
    expect((await requestRow(id)).status).toBe("CANCELLED");
  });

  it("is refused whole when the bucket is short, keeping what the approver typed", async () => {
    const id = await ask("manager", 5_000, "Big launch");
    const held = await balanceOf(acme, bucket);
    await transfer(acme, { idempotencyKey: "test:drain", kind: "ADJUSTMENT", amount: held - 100, reason: "Drain", actorId: null, from: bucket });
    try {
      const short = await call(decide, "admin", `/approvals/points/${id}`, { id: String(id) }, { intent: "approve", amount: "5000" });
      expect(short.status).toBe(409);
      const { result } = await short.json();
      expect(result.error[""]).toEqual(["The program's bucket holds only 100 points: approve fewer, or ask a program manager to add points."]);
      expect(result.initialValue).toMatchObject({ amount: "5000" });
      expect((await requestRow(id)).status).toBe("PENDING");
      expect(await balanceOf(acme, bucket)).toBe(100);
    } finally {
      await transfer(acme, { idempotencyKey: "test:refill", kind: "BUCKET_DEPOSIT", amount: held - 100, reason: "Refill", actorId: null, to: bucket });
    }
  });

  itRaces("pays once when approved many times at the same instant", async () => {
    const id = await ask("manager", 250, "Race");
    const toGive = await pointsToGive("manager");
    const admin = await viewerOf("admin");
    const results = await Promise.all(
      Array.from({ length: 6 }, () => decideRequest(testApp.app, tenant, acme, admin, id, { action: "APPROVE", amount: 250, comment: "" })),
    );
    expect(results.filter((result) => result.status === "DONE")).toHaveLength(1);
    expect(results.filter((result) => result.status === "DECIDED_ALREADY")).toHaveLength(5);
    expect(await pointsToGive("manager")).toBe(toGive + 250);
  });

  itRaces("never takes the bucket below zero when requests are approved at once", async () => {
    const requests = await Promise.all([ask("manager", 600, "Race A"), ask("manager", 600, "Race B"), ask("manager", 600, "Race C")]);
    const held = await balanceOf(acme, bucket);
    await transfer(acme, { idempotencyKey: "test:drain-race", kind: "ADJUSTMENT", amount: held - 1_000, reason: "Drain", actorId: null, from: bucket });
    try {
      const admin = await viewerOf("admin");
      const results = await Promise.all(requests.map((id) => decideRequest(testApp.app, tenant, acme, admin, id, { action: "APPROVE", amount: 600, comment: "" })));
      expect(results.filter((result) => result.status === "DONE")).toHaveLength(1);
      expect(results.filter((result) => result.status === "BUCKET_SHORT")).toHaveLength(2);
      expect(await balanceOf(acme, bucket)).toBe(400);
    } finally {
      await transfer(acme, { idempotencyKey: "test:refill-race", kind: "BUCKET_DEPOSIT", amount: held - 1_000, reason: "Refill", actorId: null, to: bucket });
    }
  });
});

describe("who sees and decides requests", () => {
  it("sends those who may not ask or approve to /feed, with points accounting off too", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "invited");
    cookies.invited = cookie;
    expect((await call(requestLoader, "invited", "/points-request")).headers.get("Location")).toBe("/feed");
    expect((await call(approvalsList, "employee", "/approvals/points")).headers.get("Location")).toBe("/feed");
    expect((await call(approvalsIndex, "employee", "/approvals")).headers.get("Location")).toBe("/feed");
    expect((await call(approvalsIndex, "manager", "/approvals")).headers.get("Location")).toBe("/approvals/points");
    // Globex has points accounting off: its approvers and requesters have nothing here.
    expect((await call(approvalsList, "admin", "/approvals/points", {}, undefined, "globex")).headers.get("Location")).toBe("/feed");
    expect((await call(requestLoader, "manager", "/points-request", {}, undefined, "globex")).headers.get("Location")).toBe("/feed");
  });

  it("shows an approver only the requests waiting for them (a program manager all), never their own", async () => {
    const fromEmployee = await ask("employee", 120, "Hackathon prizes");
    const fromManager = await ask("manager", 130, "Mentoring");
    expect((await requestRow(fromEmployee)).approver_id).toBe(ids.manager);

    const managerList = await (await call(approvalsList, "manager", "/approvals/points")).json();
    const managerSees = managerList.pending.map((r: { id: number }) => r.id);
    expect(managerSees).toContain(fromEmployee);
    expect(managerSees).not.toContain(fromManager);
    expect((await call(approvalDetail, "manager", `/approvals/points/${fromManager}`, { id: String(fromManager) })).status).toBe(404);
    expect((await call(decide, "manager", `/approvals/points/${fromManager}`, { id: String(fromManager) }, { intent: "approve", amount: "130" })).status).toBe(404);

    const adminSees = (await (await call(approvalsList, "admin", "/approvals/points")).json()).pending.map((r: { id: number }) => r.id);
    expect(adminSees).toEqual(expect.arrayContaining([fromEmployee, fromManager]));

    // Someone else's request is not found for a requester; nor is any of this program's from another program.
    expect((await call(requestDetail, "employee", `/points-request-detail/${fromManager}`, { id: String(fromManager) })).status).toBe(404);
    expect((await call(approvalDetail, "admin", `/approvals/points/${fromManager}`, { id: String(fromManager) }, undefined, "globex")).headers.get("Location")).toBe("/feed");
    const globex = testApp.app.database.forProgram(tenantOf(testApp.app, "globex").programId);
    expect(await globex.selectFrom("points_request").select("id").where("id", "=", fromManager).executeTakeFirst()).toBeUndefined();
    expect((await call(approvalDetail, "admin", "/approvals/points/1e3", { id: "1e3" })).status).toBe(404);
  });

  it("never lets a delegate approve their own request while acting for an approver", async () => {
    const id = await ask("manager", 90, "Delegated");
    const admin = await viewerOf("admin");
    const managerActingForAdmin = await viewerOf("admin", { original: { id: ids.manager!, displayName: "Morgan Manager" }, isAdminDelegate: false });
    expect(mayDecide(admin, await requestRow(id))).toBe(true);
    expect(mayDecide(managerActingForAdmin, await requestRow(id))).toBe(false);
    expect(await decideRequest(testApp.app, tenant, acme, managerActingForAdmin, id, { action: "APPROVE", amount: 90, comment: "" })).toEqual({ status: "NOT_FOUND" });
  });

  it("counts what waits on the approvals card, and says so when the count cannot be read", async () => {
    const card = coreServerContributions.cardData!["core/approvals"]!;
    const args = { request: requestTo("acme", "/feed"), params: {}, registry: testApp.app.registry, app: testApp.app };
    const manager = await viewerOf("manager");
    const pointsRequests = (data: unknown) => (data as { waiting: { to: string }[] }).waiting.find((kind) => kind.to === "/approvals/points");
    const counted = await card({ ...args, viewer: manager, db: acme });
    const waiting = (await (await call(approvalsList, "manager", "/approvals/points")).json()).pending.length;
    expect(counted).toMatchObject({ failed: false });
    expect(pointsRequests(counted)).toEqual({ label: "Points requests", to: "/approvals/points", count: waiting });

    // A database that refuses the count's query: the card says so, and the page goes on.
    const broken = new Proxy(acme, {
      get(target, key) {
        if (key === "selectFrom") {
          return () => {
            throw new Error("the database refused the query");
          };
        }
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const failed = await card({ ...args, viewer: manager, db: broken });
    expect(failed).toMatchObject({ failed: true });
    expect(pointsRequests(failed)).toEqual({ label: "Points requests", to: "/approvals/points", count: null });
    expect(pointsRequests(await card({ ...args, viewer: await viewerOf("employee"), db: acme }))).toBeUndefined();
  });
});

describe("approvers", () => {
  it("are reminded of requests that waited, once a day at most", async () => {
    const id = await ask("employee", 75, "Waited long");
    // Four days ago (a request's creation time is never changed by the app, so the type refuses it).
    await acme.updateTable("points_request").set({ created_at: new Date(Date.now() - 4 * 86_400_000) } as never).where("id", "=", id).execute();
    const now = new Date();
    expect(await remindWaitingApprovers(testApp.app, tenant, acme, now)).toBeGreaterThanOrEqual(1);
    expect(await remindWaitingApprovers(testApp.app, tenant, acme, now)).toBe(0);
    await expect.poll(async () => (await notificationsOf("manager", "PT_APP")).some((n) => n.message.includes("waited 3 days or more")), { timeout: 20_000 }).toBe(true);
    const detail = await (await call(approvalDetail, "manager", `/approvals/points/${id}`, { id: String(id) })).json();
    expect(detail.history.map((line: { action: string }) => line.action)).toEqual(["REQUESTED", "REMINDED"]);
  });

  it("can be relieved by a program manager: an absent approver's pending requests pass to another", async () => {
    const id = await ask("employee", 60, "While Morgan is away");
    const response = await call(approversAction, "admin", "/program-settings/approvers", {}, { from: String(ids.manager), to: String(ids.admin) });
    expect(response.status).toBe(302);
    expect((await requestRow(id)).approver_id).toBe(ids.admin);
    // The manager's own requests were the admin's already, and nobody is given their own.
    const same = await call(approversAction, "admin", "/program-settings/approvers", {}, { from: String(ids.admin), to: String(ids.admin) });
    expect((await same.json()).result.error.to).toEqual(["Choose another approver"]);
    const toEmployee = await call(approversAction, "admin", "/program-settings/approvers", {}, { from: String(ids.admin), to: String(ids.employee) });
    expect((await toEmployee.json()).result.error.to).toEqual(["Choose an active approver"]);
    await expect.poll(async () => (await notificationsOf("admin", "PT_APP")).some((n) => n.message.includes("passed to you from Morgan Manager")), { timeout: 20_000 }).toBe(true);
    expect((await call(approversAction, "manager", "/program-settings/approvers", {}, { from: String(ids.admin), to: String(ids.manager) })).headers.get("Location")).toBe("/feed");
  });
});
