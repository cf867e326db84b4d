import { createRequire } from "node:module";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/modules/auth/viewer";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { loadCurrentEmployee } from "~/modules/employees/service.server";
import { balanceOf, transfer } from "~/modules/points/ledger.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { action as approversAction } from "~/routes/program-settings_.approvers";
import { contextFor, createTestApp, formPost, requestTo, settle, signInAs, tenantOf, type TestApp } from "../../../tests/setup/test-app";
import { itRaces } from "../../../tests/setup/races";
import { nominationsOptionsOf } from "../guards.server";
import { checkForNominating } from "../composer.server";
import { createNominations, decideNomination } from "../nominate.server";
import { remindNominationApprovers } from "../reminders.server";
import { monthlyNominations, nominationsReport } from "../report.server";
import { eventually } from "../../../tests/setup/eventually";
import { loader as approvalsList } from "../routes/approvals.nominations._index";
import { action as decide, loader as approvalDetail } from "../routes/approvals.nominations.$id";
import { loader as certificate } from "../routes/nomination.$id.certificate";
import { action as nominate, loader as composer } from "../routes/nomination.new";
import { loader as receivedList } from "../routes/nomination.received._index";
import { loader as receivedDetail } from "../routes/nomination.received.$id";
import { loader as sentDetail } from "../routes/nomination.sent.$id";

let testApp: TestApp;
let acme: ProgramDb;
let tenant: Tenant;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp({ population: 6 });
  tenant = await testApp.app.tenantSettings.effective(tenantOf(testApp.app, "acme"));
  acme = testApp.app.database.forProgram(tenant.programId);
  // The employee nominates too (a colleague, the new hire, whose manager is the demo manager).
  await acme.updateTable("employee").set({ permissions: JSON.stringify({ isNominator: true }) }).where("login_id", "=", "employee").execute();
  for (const loginId of ["admin", "manager", "employee", "newhire", "invited"]) {
    const signed = await signInAs(testApp.app, "acme", loginId);
    ids[loginId] = signed.employeeId;
    cookies[loginId] = signed.cookie;
  }
});
afterAll(() => testApp.close());

type Route = (args: never) => Promise<unknown>;

async function call(route: Route, loginId: string, path: string, params: Record<string, string> = {}, fields?: Record<string, string> | URLSearchParams, subdomain = "acme") {
  const cookie = subdomain === "acme" ? cookies[loginId] : (await signInAs(testApp.app, subdomain, loginId)).cookie;
  const request = fields ? formPost(subdomain, path, Object.fromEntries(fields instanceof URLSearchParams ? fields : Object.entries(fields)), cookie) : requestTo(subdomain, path, { cookie });
  return (await settle(() => (route as (args: unknown) => Promise<Response>)({ request, context: contextFor(testApp.app, subdomain), params }))) as Response;
}

async function nominateAs(loginId: string, nominee: string, level: string, message = `Great work ${crypto.randomUUID().slice(0, 6)}`) {
  const response = await call(nominate, loginId, "/nomination/new", {}, { m: String(ids[nominee]), value: "teamwork", level, message, key: crypto.randomUUID() });
  expect(response.status, JSON.stringify(response.status === 400 ? (await response.clone().json()).view.errors : null)).toBe(302);
  return (await acme.selectFrom("nomination").select("id").where("message", "=", message).executeTakeFirstOrThrow()).id;
}

const decideAs = (loginId: string, id: number, fields: Record<string, string>) => call(decide, loginId, `/approvals/nominations/${id}`, { id: String(id) }, fields);
const stepsOf = (id: number) => acme.selectFrom("nomination_approval").select(["kind", "status", "approver_id"]).where("nomination_id", "=", id).orderBy("id").execute();
const nominationRow = (id: number) => acme.selectFrom("nomination").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const toSpend = (loginId: string) => balanceOf(acme, { kind: "SHOPPING", employeeId: ids[loginId]! });
const told = (loginId: string, type: string) =>
  acme.selectFrom("notification").select(["message", "link"]).where("employee_id", "=", ids[loginId]!).where("type", "=", type).orderBy("id").execute();

async function textOf(pdf: ArrayBuffer) {
  const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts/");
  const document = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl }).promise;
  const page = await document.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
}

describe("a nomination", () => {
  it("with one step is decided by the nominee's manager: paid once from the bucket, on the feed and the wall, with a certificate", async () => {
    const bucket = await balanceOf(acme, { kind: "PROGRAM_BUCKET" });
    const before = await toSpend("employee");
    const id = await nominateAs("admin", "employee", "bronze", "Emery rebuilt the release checklist");
    expect(await stepsOf(id)).toEqual([{ kind: "MANAGER", status: "PENDING", approver_id: ids.manager }]);
    await expect.poll(async () => (await told("manager", "NOMINATION_APPROVAL")).map((n) => n.link), { timeout: 20_000 }).toContain(`/approvals/nominations/${id}`);

    const list = await (await call(approvalsList, "manager", "/approvals/nominations")).json();
    expect(list.waiting.map((n: { id: number }) => n.id)).toContain(id);
    expect((await (await call(approvalDetail, "manager", `/approvals/nominations/${id}`, { id: String(id) })).json()).canDecide).toBe(true);
    // Not yet the nominee's to see, nor its certificate anyone's.
    expect((await call(receivedDetail, "employee", `/nomination/received/${id}`, { id: String(id) })).status).toBe(404);
    expect((await call(certificate, "admin", `/nomination/${id}/certificate`, { id: String(id) })).status).toBe(404);

    const approved = await decideAs("manager", id, { intent: "approve", comment: "Well deserved" });
    expect(approved.headers.get("Location")).toBe("/approvals/nominations");
    expect(await nominationRow(id)).toMatchObject({ status: "APPROVED", points_paid: true });
    expect(await toSpend("employee")).toBe(before + 500);
    expect(await balanceOf(acme, { kind: "PROGRAM_BUCKET" })).toBe(bucket - 500);
    const again = await decideAs("manager", id, { intent: "approve" });
    expect(again.headers.get("Location")).toBe(`/approvals/nominations/${id}`);
    expect(await toSpend("employee")).toBe(before + 500);
    expect(await acme.selectFrom("points_transfer").select(["kind", "amount"]).where("reference", "=", `nomination:${id}`).execute()).toEqual([{ kind: "NOMINATION_AWARD", amount: 500 }]);

    expect(await acme.selectFrom("feed_item").select(["author_id"]).where("kind", "=", "receivedNomination").where("foreign_id", "=", String(id)).execute()).toEqual([{ author_id: ids.admin }]);
    expect(await acme.selectFrom("wall_item").select("employee_id").where("item_type", "=", "NOMINATION").where("foreign_id", "=", String(id)).execute()).toEqual([{ employee_id: ids.employee }]);
    await expect.poll(async () => (await told("employee", "NOMINATION_RECEIVED")).map((n) => n.message), { timeout: 20_000 }).toContain("Alex Admin nominated you for Teamwork: Bronze with 500 points.");
    await expect.poll(async () => (await told("admin", "NOMINATION_STATUS")).map((n) => n.message), { timeout: 20_000 }).toContain("Your nomination of Emery Employee was approved.");

    const received = await (await call(receivedList, "employee", "/nomination/received")).json();
    expect(received.nominations[0]).toMatchObject({ id, nominator: "Alex Admin", status: "APPROVED", unread: true });
    expect((await (await call(receivedDetail, "employee", `/nomination/received/${id}`, { id: String(id) })).json()).certificate).toBe(true);
    expect((await nominationRow(id)).nominee_read_at).not.toBeNull();

    const pdf = await call(certificate, "employee", `/nomination/${id}/certificate`, { id: String(id) });
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = await pdf.arrayBuffer();
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe("%PDF-");
    const text = await textOf(bytes);
    expect(text).toContain("Emery Employee");
    expect(text).toContain("Bronze award for Teamwork");
    expect(text).toContain("Nominated by Alex Admin");
    // The nominee's manager may download it; a colleague may not.
    expect((await call(certificate, "manager", `/nomination/${id}/certificate`, { id: String(id) })).status).toBe(200);
    expect((await call(certificate, "invited", `/nomination/${id}/certificate`, { id: String(id) })).status).toBe(404);
  });

  it("with two steps goes from the nominee's manager to a program manager, the nominator told of each", async () => {
    const before = await toSpend("newhire");
    const id = await nominateAs("employee", "newhire", "silver");
    expect(await stepsOf(id)).toEqual([{ kind: "MANAGER", status: "PENDING", approver_id: ids.manager }]);
    // The program manager's step is not open yet.
    expect((await call(approvalDetail, "admin", `/approvals/nominations/${id}`, { id: String(id) })).status).toBe(200);
    expect((await (await call(approvalDetail, "admin", `/approvals/nominations/${id}`, { id: String(id) })).json()).canDecide).toBe(false);
    expect((await decideAs("admin", id, { intent: "approve" })).status).toBe(404);

    await decideAs("manager", id, { intent: "approve" });
    expect(await stepsOf(id)).toEqual([
      { kind: "MANAGER", status: "APPROVED", approver_id: ids.manager },
      { kind: "PROGRAM_MANAGER", status: "PENDING", approver_id: null },
    ]);
    expect((await nominationRow(id)).status).toBe("PENDING");
    expect(await toSpend("newhire")).toBe(before);
    await expect.poll(async () => (await told("employee", "NOMINATION_STATUS")).map((n) => n.message), { timeout: 20_000 }).toContain(
      "Your nomination of Nico Newhire was approved at step 1 and goes on to the next approver.",
    );
    await decideAs("admin", id, { intent: "approve" });
    expect((await nominationRow(id)).status).toBe("APPROVED");
    expect(await toSpend("newhire")).toBe(before + 2_000);
  });

  it("is denied at either step with a reason for the nominator, and pays nothing", async () => {
    const before = await toSpend("newhire");
    const first = await nominateAs("employee", "newhire", "silver");
    const bare = await decideAs("manager", first, { intent: "deny", comment: "" });
    expect(bare.status).toBe(400);
    expect((await bare.json()).result.error.comment).toEqual(["Say why, for the nominator"]);
    await decideAs("manager", first, { intent: "deny", comment: "Let us talk about it first" });
    expect((await nominationRow(first)).status).toBe("DENIED");
    expect(await stepsOf(first)).toHaveLength(1);
    await expect.poll(async () => (await told("employee", "NOMINATION_STATUS")).map((n) => n.message), { timeout: 20_000 }).toContain(
      "Your nomination of Nico Newhire was denied. Morgan Manager: Let us talk about it first",
    );

    const second = await nominateAs("employee", "newhire", "silver");
    await decideAs("manager", second, { intent: "approve" });
    await decideAs("admin", second, { intent: "deny", comment: "Silver is for cross-team work" });
    expect((await nominationRow(second)).status).toBe("DENIED");
    expect(await toSpend("newhire")).toBe(before);
    expect(await acme.selectFrom("wall_item").select("id").where("item_type", "=", "NOMINATION").where("foreign_id", "in", [String(first), String(second)]).execute()).toEqual([]);
  });

  it("passes a step without a free approver on: a manager's own nomination of their report goes to a program manager", async () => {
    const id = await nominateAs("manager", "employee", "bronze");
    expect(await stepsOf(id)).toEqual([
      { kind: "MANAGER", status: "SKIPPED", approver_id: null },
      { kind: "FALLBACK", status: "PENDING", approver_id: null },
    ]);
    const managerQueue = (await (await call(approvalsList, "manager", "/approvals/nominations")).json()).waiting.map((n: { id: number }) => n.id);
    expect(managerQueue).not.toContain(id);
    expect((await decideAs("manager", id, { intent: "approve" })).status).toBe(404);
    await decideAs("admin", id, { intent: "approve" });
    expect((await nominationRow(id)).status).toBe("APPROVED");
  });

  it("keeps an approver's list until a nomination's step changes, whoever changes it", async () => {
    const id = await nominateAs("employee", "newhire", "silver");
    await expect.poll(async () => (await told("manager", "NOMINATION_APPROVAL")).map((n) => n.link), { timeout: 20_000 }).toContain(`/approvals/nominations/${id}`);
    const waiting = async () => (await (await call(approvalsList, "manager", "/approvals/nominations")).json()).waiting.map((n: { id: number }) => n.id);
    expect(await waiting()).toContain(id);
    // The list is kept with the viewer's row (decision 110): a step given to someone else without a word to anyone moves it.
    await acme.updateTable("nomination_approval").set({ approver_id: ids.admin }).where("nomination_id", "=", id).where("status", "=", "PENDING").execute();
    expect(await waiting()).not.toContain(id);
  });

  it("checks what the nominator wrote, beside each field, keeping it", async () => {
    const empty = await call(nominate, "employee", "/nomination/new", {}, { message: "  ", key: crypto.randomUUID() });
    expect(empty.status).toBe(400);
    const { view } = await empty.json();
    expect(view.errors).toEqual({ nominees: ["Choose at least one person to nominate."], value: ["Choose a core value."], level: ["Choose an award level."], message: ["Say why you nominate them."] });
    const self = await call(nominate, "employee", "/nomination/new", {}, { m: String(ids.employee), value: "teamwork", level: "bronze", message: "Me", key: crypto.randomUUID() });
    expect((await self.json()).view.errors.nominees).toEqual(["You can't nominate yourself."]);
    // Gold is for people with direct reports: the employee is not offered it, and it is refused.
    const gold = await call(nominate, "employee", "/nomination/new", {}, { m: String(ids.newhire), value: "teamwork", level: "gold", message: "Kept as typed", key: crypto.randomUUID() });
    const refused = (await gold.json()).view;
    expect(refused.errors.level).toEqual(["Choose an award level."]);
    expect(refused.draft.message).toBe("Kept as typed");
    expect(refused.levels.map((level: { id: string }) => level.id)).toEqual(["bronze", "silver"]);
    // A nominee named in the link starts the composer.
    const started = await (await call(composer, "employee", `/nomination/new?to=${ids.newhire}`)).json();
    expect(started.view.selection.named.map((pick: { employeeId: number }) => pick.employeeId)).toEqual([ids.newhire]);
  });

  it("pays from the nominator's points to give when the program says so, never more than they have", async () => {
    const options = { ...nominationsOptionsOf(tenant.config), pointsFromNominator: true };
    options.awardLevels = [...options.awardLevels, { id: "huge", label: "Huge", points: 1_000_000, approvals: ["MANAGER"], nominators: "EVERYONE" }];
    const viewerOf = async (loginId: string): Promise<Viewer> => ({ employee: (await loadCurrentEmployee(acme, ids[loginId]!))!, tenant: tenant.config, delegation: null });
    const manager = await viewerOf("manager");
    const access = { viewer: manager, db: acme, registry: testApp.app.registry, options };
    const draft = (level: string) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ m: String(ids.employee), value: "ownership", level, message: `From my points ${level}`, key: crypto.randomUUID() })) form.set(name, value);
      return form;
    };
    const refused = await checkForNominating(access, draft("huge"));
    expect(refused.ok ? null : refused.view.errors.level).toEqual(["You don't have enough points to give for this award level and these nominees."]);

    const toGive = () => balanceOf(acme, { kind: "DISCRETIONARY", employeeId: ids.manager! });
    const before = { toGive: await toGive(), toSpend: await toSpend("employee") };
    const checked = await checkForNominating(access, draft("bronze"));
    if (!checked.ok) throw new Error(JSON.stringify(checked.view.errors));
    const [id] = await createNominations(testApp.app, tenant, acme, options, ids.manager!, checked.input);
    // The manager is the nominee's manager: a program manager decides.
    expect(await decideNomination(testApp.app, tenant, acme, options, await viewerOf("admin"), id!, { approve: true, comment: "" })).toMatchObject({ status: "DONE", final: true });
    expect(await toGive()).toBe(before.toGive - 500);
    expect(await toSpend("employee")).toBe(before.toSpend + 500);
    expect(await acme.selectFrom("points_transfer").select("actor_employee_id").where("reference", "=", `nomination:${id}`).execute()).toEqual([{ actor_employee_id: ids.manager }]);

    // Points given away meanwhile: the approval is refused whole, and the nomination still waits.
    const again = await checkForNominating(access, draft("bronze"));
    if (!again.ok) throw new Error(JSON.stringify(again.view.errors));
    const [waiting] = await createNominations(testApp.app, tenant, acme, options, ids.manager!, again.input);
    const held = await toGive();
    await transfer(acme, { idempotencyKey: "nominator:spent", kind: "ADJUSTMENT", amount: held - 100, reason: "Given away", actorId: null, from: { kind: "DISCRETIONARY", employeeId: ids.manager! }, to: { kind: "PROGRAM_BUCKET" } });
    expect(await decideNomination(testApp.app, tenant, acme, options, await viewerOf("admin"), waiting!, { approve: true, comment: "" })).toEqual({ status: "NOMINATOR_SHORT" });
    expect((await nominationRow(waiting!)).status).toBe("PENDING");
    expect((await stepsOf(waiting!)).at(-1)).toMatchObject({ status: "PENDING" });
    expect(await toGive()).toBe(100);
  });

  itRaces("pays once when its last step is approved many times at the same instant", async () => {
    const id = await nominateAs("admin", "employee", "bronze");
    const before = await toSpend("employee");
    const manager: Viewer = { employee: (await loadCurrentEmployee(acme, ids.manager!))!, tenant: tenant.config, delegation: null };
    const options = nominationsOptionsOf(tenant.config);
    const results = await Promise.all(Array.from({ length: 6 }, () => decideNomination(testApp.app, tenant, acme, options, manager, id, { approve: true, comment: "" })));
    expect(results.filter((result) => result.status === "DONE")).toHaveLength(1);
    expect(await toSpend("employee")).toBe(before + 500);
  });
});

describe("who sees nominations", () => {
  it("sends those who may not nominate or approve to /feed, and finds nobody else's nomination", async () => {
    expect((await call(composer, "invited", "/nomination/new")).headers.get("Location")).toBe("/feed");
    expect((await call(approvalsList, "invited", "/approvals/nominations")).headers.get("Location")).toBe("/feed");
    const id = await nominateAs("admin", "employee", "bronze");
    expect((await call(sentDetail, "admin", `/nomination/sent/${id}`, { id: String(id) })).status).toBe(200);
    expect((await call(sentDetail, "employee", `/nomination/sent/${id}`, { id: String(id) })).status).toBe(404);
    expect((await call(approvalDetail, "employee", `/approvals/nominations/${id}`, { id: String(id) })).headers.get("Location")).toBe("/feed");
    // Another program finds none of this program's nominations.
    expect((await call(sentDetail, "admin", `/nomination/sent/${id}`, { id: String(id) }, undefined, "globex")).status).toBe(404);
    expect((await call(approvalDetail, "admin", `/approvals/nominations/${id}`, { id: String(id) }, undefined, "globex")).status).toBe(404);
    expect((await call(certificate, "admin", `/nomination/${id}/certificate`, { id: String(id) }, undefined, "globex")).status).toBe(404);
  });

  it("passes an absent manager's waiting steps to another approver, never to a party", async () => {
    const id = await nominateAs("admin", "employee", "bronze");
    const response = await call(approversAction, "admin", "/program-settings/approvers", {}, { from: String(ids.manager), to: String(ids.admin) });
    expect(response.status).toBe(302);
    // The admin nominated it: it stays with the manager.
    expect((await stepsOf(id))[0]!.approver_id).toBe(ids.manager);
    const other = await nominateAs("employee", "newhire", "bronze");
    await call(approversAction, "admin", "/program-settings/approvers", {}, { from: String(ids.manager), to: String(ids.admin) });
    expect((await stepsOf(other))[0]!.approver_id).toBe(ids.admin);
  });

  it("reminds approvers of nominations that waited, once in the program's days", async () => {
    const id = await nominateAs("employee", "newhire", "bronze");
    // Five days ago (a step's creation time is never changed by the app, so the type refuses it).
    await acme.updateTable("nomination_approval").set({ created_at: new Date(Date.now() - 5 * 86_400_000) } as never).where("nomination_id", "=", id).execute();
    const now = new Date();
    expect(await remindNominationApprovers(testApp.app, tenant, acme, now)).toBeGreaterThanOrEqual(1);
    expect(await remindNominationApprovers(testApp.app, tenant, acme, now)).toBe(0);
    const waitingFor = (await stepsOf(id))[0]!.approver_id!;
    const reminded = await eventually(
      () => acme.selectFrom("notification").select("message").where("employee_id", "=", waitingFor).where("type", "=", "NOMINATION_APPROVAL").execute(),
      (rows) => rows.some((row) => row.message.includes("waited 3 days or more")),
    );
    expect(reminded.some((row) => row.message.includes("waited 3 days or more"))).toBe(true);
  });

  it("reports who nominated whom, and counts them month by month", async () => {
    const id = await nominateAs("admin", "employee", "bronze");
    await decideAs("manager", id, { intent: "approve" });
    const rows = await nominationsReport.rows({ db: acme, start: new Date(Date.now() - 86_400_000), end: new Date(Date.now() + 86_400_000), timeZone: "UTC", registry: testApp.app.registry });
    expect(rows.find((row) => row.nomination === id)).toMatchObject({ nominator: "Alex Admin", nominee: "Emery Employee", coreValue: "Teamwork", awardLevel: "Bronze", status: "Approved", points: 500 });
    const months = await monthlyNominations(acme, "UTC");
    expect(months).toHaveLength(12);
    expect(months.at(-1)!.made).toBe(await acme.selectFrom("nomination").select("id").execute().then((all) => all.length));
  });
});
