import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { balanceOf } from "~/modules/points/ledger.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { addDays } from "~/modules/time/calendar-days";
import { calendarDayIn } from "~/modules/time/zones";
import { contextFor, createTestApp, requestTo, settle, signInAs, signInPeople, tenantOf, type TestApp } from "../../../tests/setup/test-app";
import { endIncentive } from "../incentives.server";
import { incentiveMetrics } from "../metrics.server";
import { incentiveNews } from "../news.server";
import { readIncentive } from "../read.server";
import { submissionsReport } from "../report.server";
import { action as incentiveAction, loader as incentiveLoader } from "../routes/incentives.$id";
import { loader as indexLoader } from "../routes/incentives._index";
import { loader as dashboardLoader } from "../routes/incentives.dashboard";
import { action as manageAction, loader as manageLoader } from "../routes/incentives.manage-incentives._index";
import { action as createAction } from "../routes/incentives.manage-incentives.create";
import { action as stepAction, loader as stepLoader } from "../routes/incentives.manage-incentives.edit.$id.$step";
import { loader as myLoader } from "../routes/incentives.my-incentives._index";
import { action as bulkAction } from "../routes/incentives.submissions._index";
import { action as reviewAction, loader as reviewLoader } from "../routes/incentives.submissions.$id";
import { stepMessages } from "../step-schemas.server";
import { submit } from "../submissions.server";

let testApp: TestApp;
let acme: ProgramDb;
let tenant: Tenant;
let today: string;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp({ population: 6 });
  tenant = await testApp.app.tenantSettings.effective(tenantOf(testApp.app, "acme"));
  acme = testApp.app.database.forProgram(tenant.programId);
  today = calendarDayIn(new Date(), tenant.config.program.timeZone);
  const people = await signInPeople(testApp.app, "acme");
  Object.assign(ids, people.ids);
  Object.assign(cookies, people.cookies);
  // Two more of Acme's (not Ivy, who prefers private recognition): one who takes part, one who never does.
  const others = await acme.selectFrom("employee").select("login_id").where("id", "not in", Object.values(ids)).where("login_id", "<>", "invited").where("active", "=", true).where("must_change_password", "=", false).orderBy("id").limit(2).execute();
  for (const [name, other] of [["participant", others[0]!], ["outsider", others[1]!]] as const) {
    const signed = await signInAs(testApp.app, "acme", other.login_id);
    ids[name] = signed.employeeId;
    cookies[name] = signed.cookie;
  }
});
afterAll(() => testApp.close());

type Fields = [string, string][];
type Route = (args: never) => Promise<unknown>;

async function run(route: Route, path: string, who: string, fields?: Fields, params: Record<string, string> = {}) {
  const cookie = cookies[who];
  const request = fields ? requestTo("acme", path, { method: "POST", body: new URLSearchParams(fields), cookie }) : requestTo("acme", path, { cookie });
  return (await settle(() => (route as (args: unknown) => Promise<Response>)({ request, context: contextFor(testApp.app, "acme"), params }))) as Response;
}

let keys = 0;
const details = (fields: Fields = []): Fields => {
  const given = new Set(fields.map(([name]) => name));
  const defaults: Fields = [["icon", "trophy"], ["color", "blue"], ["title", "Sales sprint"], ["description", "Close deals"], ["startDate", today], ["endDate", addDays(today, 10)], ["key", `incentive-${++keys}-${Date.now()}`]];
  return [...defaults.filter(([name]) => !given.has(name)), ...fields];
};
const step = (id: number, name: string, who: string, fields: Fields) => run(stepAction, `/incentives/manage-incentives/edit/${id}/${name}`, who, fields, { id: String(id), step: name });

/** Makes an incentive through its five steps as the admin, and creates it unless `draft`; its id. */
async function made(options: { reward?: Fields; guidelines?: Fields; participants?: number[] | "ALL"; approvers?: number[]; draft?: boolean; title?: string } = {}) {
  const created = await run(createAction, "/incentives/manage-incentives/create", "admin", details(options.title ? [["title", options.title]] : []));
  expect(created.status).toBe(302);
  const id = Number(created.headers.get("Location")!.match(/edit\/(\d+)\/reward-type$/)![1]);
  expect((await step(id, "reward-type", "admin", options.reward ?? [["intent", "save"], ["rewardType", "POINT_AMOUNT"], ["rewardPointType", "SET_POINT"], ["pointsAmount", "50"], ["participation", "LIMIT"], ["participationLimit", "2"]])).status).toBe(302);
  expect((await step(id, "submission-guidelines", "admin", options.guidelines ?? [["intent", "save"], ["submissionInstructions", "Tell us"], ["SHORT_ANSWER", "on"], ["SHORT_ANSWER_TEXT", "What happened?"]])).status).toBe(302);
  const participants = options.participants ?? [ids.participant!, ids.employee!];
  expect((await step(id, "participants", "admin", [["intent", "type"], ["participantType", participants === "ALL" ? "ALL" : "CHOSEN"]])).status).toBe(302);
  if (participants !== "ALL") expect((await step(id, "participants", "admin", [["intent", "add"], ...participants.map((person): [string, string] => ["m", String(person)])])).status).toBe(302);
  expect((await step(id, "approvers", "admin", [["intent", "add"], ...(options.approvers ?? [ids.manager!]).map((person): [string, string] => ["m", String(person)])])).status).toBe(302);
  if (!options.draft) expect((await step(id, "approvers", "admin", [["intent", "publish"]])).status).toBe(302);
  return id;
}

async function sent(id: number, who: string, fields: Fields) {
  return run(incentiveAction, `/incentives/${id}`, who, [["key", `submission-${++keys}`], ...fields], { id: String(id) });
}

const latestSubmission = async (incentiveId: number, employeeId: number) =>
  (await acme.selectFrom("incentive_submission").select(["id", "status", "points_paid"]).where("incentive_id", "=", incentiveId).where("employee_id", "=", employeeId).orderBy("id", "desc").executeTakeFirstOrThrow());

describe("making an incentive", () => {
  it("checks each step's fields beside them, keeps what was typed, and counts each step's completion", async () => {
    const refused = await run(createAction, "/incentives/manage-incentives/create", "admin", details([["icon", "nope"], ["title", " "], ["endDate", addDays(today, -1)], ["startDate", addDays(today, -3)], ["description", "Kept"]]));
    expect(refused.status).toBe(400);
    const { refused: details1 } = (await refused.json()) as { refused: { errors: Record<string, string[]>; values: Record<string, string> } };
    expect(details1.errors).toEqual({ icon: [stepMessages.noIcon], title: [stepMessages.noTitle], endDate: [stepMessages.endPast] });
    expect(details1.values.description).toBe("Kept");
  });

  it("refuses a reward or guidelines that do not hold together, and creates the incentive only once every step is complete", async () => {
    const created = await run(createAction, "/incentives/manage-incentives/create", "admin", details());
    const id = Number(created.headers.get("Location")!.match(/edit\/(\d+)\//)![1]);
    const badReward = await step(id, "reward-type", "admin", [["intent", "save"], ["rewardType", "POINT_AMOUNT"], ["rewardPointType", "VARIABLE_POINT"], ["pointsAmount", "0"], ["participation", "LIMIT"], ["participationLimit", "012"]]);
    expect(badReward.status).toBe(400);
    expect(((await badReward.json()) as { refused: { errors: unknown } }).refused.errors).toEqual({ pointsAmount: [stepMessages.badPoints], quantity: [stepMessages.badQuantity], participationLimit: [stepMessages.badLimit] });
    const other = await step(id, "reward-type", "admin", [["intent", "save"], ["rewardType", "OTHER"], ["participation", "UNLIMITED"]]);
    expect(((await other.json()) as { refused: { errors: unknown } }).refused.errors).toEqual({ rewardDescription: [stepMessages.noRewardDescription] });
    expect((await step(id, "reward-type", "admin", [["intent", "save"], ["rewardType", "POINT_AMOUNT"], ["rewardPointType", "VARIABLE_POINT"], ["pointsAmount", "10"], ["quantity", "5"], ["participation", "UNLIMITED"]])).status).toBe(302);
    // Points that vary with a number need the number asked; an enabled question needs its words.
    const badGuidelines = await step(id, "submission-guidelines", "admin", [["intent", "save"], ["submissionInstructions", "Go"], ["SHORT_ANSWER", "on"]]);
    expect(((await badGuidelines.json()) as { refused: { errors: unknown } }).refused.errors).toEqual({ SHORT_ANSWER_TEXT: [stepMessages.noOptionText], NUMBER: [stepMessages.numberNeeded] });

    const loaded = (await (await run(stepLoader, `/incentives/manage-incentives/edit/${id}/approvers`, "admin", undefined, { id: String(id), step: "approvers" })).json()) as { incentive: { completion: Record<string, number> } };
    expect(loaded.incentive.completion).toEqual({ details: 100, "reward-type": 100, "submission-guidelines": 0, participants: 0, approvers: 0 });
    const early = await step(id, "approvers", "admin", [["intent", "publish"]]);
    expect(early.headers.get("Location")).toBe(`/incentives/manage-incentives/edit/${id}/approvers`);
    expect((await readIncentive(acme, id, today))!.published).toBe(false);
    // A draft is nobody's to take part in: those who don't make incentives are sent to the feed.
    expect((await run(incentiveLoader, `/incentives/${id}`, "employee", undefined, { id: String(id) })).headers.get("Location")).toBe("/feed");
  });

  it("makes a whole incentive, tells its chosen participants, keeps its last approver, and sends those who may not make incentives to their own", async () => {
    const id = await made({ title: "Whole" });
    const incentive = (await readIncentive(acme, id, today))!;
    expect(incentive.phase).toBe("OPEN");
    expect(incentive.participantList.map((person) => person.id).sort()).toEqual([ids.participant, ids.employee].sort());
    await expect
      .poll(async () => (await acme.selectFrom("notification").select("employee_id").where("type", "=", "INCENTIVE_PARTICIPANT_ADDED").where("link", "=", `/incentives/${id}`).execute()).map((row) => row.employee_id).sort(), { timeout: 20_000 })
      .toEqual([ids.participant, ids.employee].sort());
    // Approvers are people who review incentive submissions (the demo's employee does not).
    const notApprover = await step(id, "approvers", "admin", [["intent", "add"], ["m", String(ids.employee)]]);
    expect(notApprover.status).toBe(400);
    expect(((await notApprover.json()) as { people: { errors: { people: string[] } } }).people.errors.people[0]).toMatch(/^Only people who review incentive submissions/);
    const last = await step(id, "approvers", "admin", [["intent", "remove"], ["employeeId", String(ids.manager)]]);
    expect(last.status).toBe(409);
    expect((await readIncentive(acme, id, today))!.approverList).toHaveLength(1);
    // A created incentive stays whole: points that vary with a number wait for the number to be asked.
    const variable = await step(id, "reward-type", "admin", [["intent", "save"], ["rewardType", "POINT_AMOUNT"], ["rewardPointType", "VARIABLE_POINT"], ["pointsAmount", "5"], ["quantity", "1"], ["participation", "UNLIMITED"]]);
    expect(((await variable.json()) as { refused: { errors: unknown } }).refused.errors).toEqual({ rewardPointType: [stepMessages.askNumberFirst] });
    const forEveryone = await made({ participants: "ALL", title: "Everyone" });
    const toChosen = await step(forEveryone, "participants", "admin", [["intent", "type"], ["participantType", "CHOSEN"]]);
    expect(((await toChosen.json()) as { refused: { errors: unknown } }).refused.errors).toEqual({ participantType: [stepMessages.addParticipantsFirst] });
    expect((await step(id, "details", "admin", [["intent", "save"], ...details([["title", "Whole, renamed"]]).filter(([name]) => name !== "color")])).headers.get("Location")).toBe(`/incentives/manage-incentives/edit/${id}/details`);
    expect((await readIncentive(acme, id, today))!.title).toBe("Whole, renamed");

    for (const [route, path] of [[dashboardLoader, "/incentives/dashboard"], [manageLoader, "/incentives/manage-incentives"]] as const) {
      expect((await run(route, path, "employee")).headers.get("Location")).toBe("/incentives/my-incentives");
    }
    expect((await run(indexLoader, "/incentives", "admin")).headers.get("Location")).toBe("/incentives/dashboard");
    expect((await run(indexLoader, "/incentives", "participant")).headers.get("Location")).toBe("/incentives/my-incentives");
  });
});

describe("taking part", () => {
  it("takes a participant's checked answers within the limit; a non-participant reads the incentive only", async () => {
    const id = await made({ guidelines: [["intent", "save"], ["submissionInstructions", "Tell us"], ["NUMBER", "on"], ["NUMBER_TEXT", "How many?"], ["LINK", "on"], ["DATE_TIME", "on"]] });
    const refused = await sent(id, "participant", [["NUMBER", "1e3"], ["LINK", "javascript:alert(1)"], ["DATE_TIME", "2027-02-30T10:00"]]);
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { errors: Record<string, string[]>; typed: Record<string, string> };
    expect(Object.keys(body.errors).sort()).toEqual(["DATE_TIME", "LINK", "NUMBER"]);
    expect(body.typed.NUMBER).toBe("1e3");
    const answers: Fields = [["NUMBER", "12.5"], ["LINK", "https://example.com/deal"], ["DATE_TIME", "2027-02-03T10:00"]];
    const key: Fields = [["key", "same-form-twice"]];
    expect((await run(incentiveAction, `/incentives/${id}`, "participant", [...key, ...answers], { id: String(id) })).status).toBe(302);
    expect((await run(incentiveAction, `/incentives/${id}`, "participant", [...key, ...answers], { id: String(id) })).status).toBe(302);
    expect(await acme.selectFrom("incentive_submission").select("id").where("incentive_id", "=", id).execute()).toHaveLength(1);
    expect((await sent(id, "participant", answers)).status).toBe(302);
    const third = await sent(id, "participant", answers);
    expect(third.status).toBe(409);
    expect(((await third.json()) as { errors: { form: string[] } }).errors.form).toEqual(["You sent this incentive's 2 submissions, its most for each person."]);

    expect((await run(incentiveLoader, `/incentives/${id}`, "outsider", undefined, { id: String(id) })).headers.get("Location")).toBe(`/incentives/read-only/${id}`);
    expect((await sent(id, "outsider", answers)).headers.get("Location")).toBe(`/incentives/read-only/${id}`);
    const mine = (await (await run(myLoader, "/incentives/my-incentives", "participant")).json()) as { incentives: { id: number; submissions: number }[] };
    expect(mine.incentives.find((each) => each.id === id)?.submissions).toBe(2);
  });

  it("takes nothing while paused, and nothing once ended; duplicates as a draft and deletes", async () => {
    const id = await made({ title: "Paused one" });
    const manage = (intent: string, target = id) => run(manageAction, "/incentives/manage-incentives", "admin", [["intent", intent], ["id", String(target)]]);
    await manage("pause");
    expect((await readIncentive(acme, id, today))!.phase).toBe("PAUSED");
    expect((await sent(id, "participant", [["SHORT_ANSWER", "Hello"]])).status).toBe(409);
    await manage("resume");
    expect((await sent(id, "participant", [["SHORT_ANSWER", "Hello"]])).status).toBe(302);
    await manage("end");
    const ended = (await readIncentive(acme, id, today))!;
    expect([ended.phase, ended.endDate]).toEqual(["COMPLETED", today]);
    expect((await sent(id, "participant", [["SHORT_ANSWER", "Again"]])).status).toBe(409);

    const duplicated = await manage("duplicate");
    const copyId = Number(duplicated.headers.get("Location")!.match(/edit\/(\d+)\/details$/)![1]);
    const copy = (await readIncentive(acme, copyId, today))!;
    expect([copy.title, copy.published, copy.participantList.length, copy.approverList.length]).toEqual(["Paused one (copy)", false, 2, 1]);
    expect((await manage("delete", copyId)).status).toBe(302);
    expect(await readIncentive(acme, copyId, today)).toBeNull();
  });

  it("lets two submissions at once pass a limit of one only once", async () => {
    const id = await made({ reward: [["intent", "save"], ["rewardType", "OTHER"], ["rewardDescription", "Lunch"], ["participation", "LIMIT"], ["participationLimit", "1"]] });
    const attempt = (key: string) => submit(acme, { incentiveId: id, employeeId: ids.participant!, answers: { SHORT_ANSWER: "x" }, key, today });
    const results = await Promise.all([attempt("race-a"), attempt("race-b"), attempt("race-c")]);
    expect(results.map((result) => result.status).sort()).toEqual(["DONE", "LIMIT", "LIMIT"]);
  });
});

describe("news", () => {
  it("tells participants, once each, that an incentive starts, ends soon and ended", async () => {
    const id = await made({ title: "Newsworthy" });
    const day = 86_400_000;
    const told = (type: string) => acme.selectFrom("notification").select("employee_id").where("type", "=", type).where("link", "=", `/incentives/${id}`).execute();
    for (const [offset, type] of [[0, "INCENTIVE_STARTED"], [7, "INCENTIVE_ENDING_SOON"], [11, "INCENTIVE_ENDED"]] as const) {
      await incentiveNews(testApp.app, tenant, acme, new Date(Date.now() + offset * day));
      await incentiveNews(testApp.app, tenant, acme, new Date(Date.now() + offset * day));
      await expect.poll(async () => (await told(type)).map((row) => row.employee_id).sort(), { timeout: 20_000 }).toEqual([ids.participant, ids.employee].sort());
    }
  });
});

describe("reviewing", () => {
  it("pays an approved submission's points once from the bucket, tells the participant, and never lets anyone review their own", async () => {
    const id = await made({ participants: [ids.participant!, ids.manager!], approvers: [ids.manager!] });
    await sent(id, "participant", [["SHORT_ANSWER", "Did it"]]);
    await sent(id, "manager", [["SHORT_ANSWER", "Me too"]]);
    const theirs = await latestSubmission(id, ids.participant!);
    const own = await latestSubmission(id, ids.manager!);
    const shopping = await balanceOf(acme, { kind: "SHOPPING", employeeId: ids.participant! });
    const bucket = await balanceOf(acme, { kind: "PROGRAM_BUCKET" });

    const ownPage = (await (await run(reviewLoader, `/incentives/submissions/${own.id}`, "manager", undefined, { id: String(own.id) })).json()) as { canReview: boolean };
    expect(ownPage.canReview).toBe(false);
    expect((await run(reviewAction, `/incentives/submissions/${own.id}`, "manager", [["intent", "approve"]], { id: String(own.id) })).headers.get("Location")).toBe("/feed");
    expect((await latestSubmission(id, ids.manager!)).status).toBe("PENDING");

    const denyWithoutWord = await run(reviewAction, `/incentives/submissions/${theirs.id}`, "manager", [["intent", "deny"]], { id: String(theirs.id) });
    expect(denyWithoutWord.status).toBe(400);
    const approvals = await Promise.all([1, 2].map(() => run(reviewAction, `/incentives/submissions/${theirs.id}`, "manager", [["intent", "approve"], ["comment", "Great"]], { id: String(theirs.id) })));
    expect(approvals.every((response) => response.status === 302)).toBe(true);
    expect(await latestSubmission(id, ids.participant!)).toMatchObject({ status: "APPROVED", points_paid: 50 });
    expect(await balanceOf(acme, { kind: "SHOPPING", employeeId: ids.participant! })).toBe(shopping + 50);
    expect(await balanceOf(acme, { kind: "PROGRAM_BUCKET" })).toBe(bucket - 50);
    // Shown on the participant's wall and on the feed, once.
    const feed = await acme.selectFrom("feed_item").select(["author_id", "data"]).where("kind", "=", "incentiveSubmission").where("foreign_id", "=", String(theirs.id)).execute();
    expect(feed).toEqual([{ author_id: ids.manager, data: expect.objectContaining({ incentiveId: id, participantName: expect.any(String), reviewerName: "Morgan Manager" }) }]);
    expect(await acme.selectFrom("wall_item").select("employee_id").where("item_type", "=", "INCENTIVE").where("foreign_id", "=", String(theirs.id)).execute()).toEqual([{ employee_id: ids.participant }]);
    await expect
      .poll(async () => (await acme.selectFrom("notification").select("message").where("type", "=", "INCENTIVE_SUBMISSION_APPROVED").where("employee_id", "=", ids.participant!).where("link", "=", `/incentives/${id}`).execute()).map((row) => row.message), { timeout: 20_000 })
      .toEqual(["Your submission to “Sales sprint” was approved: 50 points are yours to spend. “Great”"]);

    // The program manager reviews the manager's in bulk; the manager's own stays out of their bulk choice.
    const bulk = await run(bulkAction, "/incentives/submissions", "admin", [["intent", "deny"], ["comment", "Not this time"], ["id", String(own.id)]]);
    expect(bulk.status).toBe(302);
    expect((await latestSubmission(id, ids.manager!)).status).toBe("DENIED");
  });

  it("pays variable points by the number given, counts the dashboard's metrics, and keeps each program's incentives its own", async () => {
    const id = await made({
      reward: [["intent", "save"], ["rewardType", "POINT_AMOUNT"], ["rewardPointType", "VARIABLE_POINT"], ["pointsAmount", "10"], ["quantity", "3"], ["participation", "UNLIMITED"]],
      guidelines: [["intent", "save"], ["submissionInstructions", "Count them"], ["NUMBER", "on"], ["NUMBER_TEXT", "How many calls?"]],
      approvers: [ids.manager!],
    });
    const before = await incentiveMetrics(acme, today);
    await sent(id, "participant", [["NUMBER", "10"]]);
    const submission = await latestSubmission(id, ids.participant!);
    expect((await run(reviewAction, `/incentives/submissions/${submission.id}`, "manager", [["intent", "approve"]], { id: String(submission.id) })).status).toBe(302);
    expect((await latestSubmission(id, ids.participant!)).points_paid).toBe(30);
    const reported = await submissionsReport.rows({ db: acme, start: new Date(Date.now() - 60_000), end: new Date(Date.now() + 60_000), timeZone: tenant.config.program.timeZone, registry: testApp.app.registry });
    expect(reported.find((row) => row.submission === submission.id)).toMatchObject({ date: today, incentive: "Sales sprint", status: "Approved", reviewer: "Morgan Manager", reviewed: today, points: 30 });
    const after = await incentiveMetrics(acme, today);
    expect(after.openIncentives).toBe(before.openIncentives);
    expect(after.participants).toBe(before.participants);
    await endIncentive(acme, id, addDays(today, -1));
    expect((await incentiveMetrics(acme, today)).openIncentives).toBe(before.openIncentives - 1);

    const dashboard = (await (await run(dashboardLoader, "/incentives/dashboard", "admin")).json()) as { metrics: { openIncentives: number } };
    expect(dashboard.metrics.openIncentives).toBe(before.openIncentives - 1);
    const globex = testApp.app.database.forProgram(tenantOf(testApp.app, "globex").programId);
    expect(await readIncentive(globex, id, today)).toBeNull();
    expect(await globex.selectFrom("incentive_submission").select("id").where("incentive_id", "=", id).execute()).toEqual([]);
  });
});
