import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { balanceOf } from "~/modules/points/ledger.server";
import { eventually } from "../../../tests/setup/eventually";
import { contextFor, createTestApp, requestTo, settle, signInAs, tenantOf, type TestApp } from "../../../tests/setup/test-app";
import type { ComposerView } from "../composer.server";
import type { FeedPost } from "../feed.server";
import { messages } from "../rules";
import { action as composeAction } from "../routes/compose";
import { action as postAction, loader as postLoader } from "../routes/post.$id";
import { action as reportAction } from "../routes/post_.$id.report";
import { loader as adminLoader } from "../routes/admin._index";
import { action as hashtagsAction, loader as hashtagsLoader } from "../routes/admin.hashtags";
import { loader as reportedLoader } from "../routes/admin.reported._index";
import { action as itemAction, loader as itemLoader } from "../routes/admin.reported.$kind.$id";
import { loader as viewLoader } from "../routes/admin.reported.view.$postId";
import { loader as reportTypes } from "~/routes/report._index";

let testApp: TestApp;
let acme: ProgramDb;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};
/** People who report: the demo's manager and employee, and synthetic colleagues who sign in straight away. */
const reporters: string[] = ["manager", "employee"];

beforeAll(async () => {
  testApp = await createTestApp({ population: 8 });
  acme = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
  const synthetic = await acme.selectFrom("employee").select("login_id").where("login_id", "like", "%.%").where("must_change_password", "=", false).orderBy("id").limit(3).execute();
  for (const loginId of ["admin", "manager", "employee", "globexAdmin", ...synthetic.map((row) => row.login_id)]) {
    const signed = loginId === "globexAdmin" ? await signInAs(testApp.app, "globex", "admin") : await signInAs(testApp.app, "acme", loginId);
    ids[loginId] = signed.employeeId;
    cookies[loginId] = signed.cookie;
  }
  reporters.push(...synthetic.map((row) => row.login_id));
});
afterAll(() => testApp.close());

type Fields = [string, string][];
type Route = (args: never) => Promise<unknown>;

/** Acme's feed with moderation on or off and its reports limit out of the way (the limits have their own test). */
function program(context: AppLoadContext, moderationEnabled = true): AppLoadContext {
  const { config } = context.tenant;
  const roomy = { perMinute: 10_000, perHour: 10_000 };
  const moments = { ...config.features.moments!, moderationEnabled, limits: { ...(config.features.moments as { limits?: object }).limits, reports: roomy, posts: roomy, comments: roomy } };
  return { ...context, tenant: { ...context.tenant, config: { ...config, features: { ...config.features, moments } } } };
}

async function run(route: Route, path: string, who: string, { fields, params = {}, moderation = true, subdomain = "acme" }: { fields?: Fields; params?: Record<string, string>; moderation?: boolean; subdomain?: string } = {}) {
  const cookie = cookies[who];
  const request = fields ? requestTo(subdomain, path, { method: "POST", body: new URLSearchParams(fields), cookie, headers: { Accept: "text/html" } }) : requestTo(subdomain, path, { cookie });
  return (await settle(() => (route as (args: unknown) => Promise<Response>)({ request, context: program(contextFor(testApp.app, subdomain), moderation), params }))) as Response;
}

let keys = 0;
async function post(who: string, text: string, extra: Fields = []) {
  const response = await run(composeAction, "/compose", who, { fields: [["text", text], ["key", `moderation-${++keys}`], ...extra] });
  expect(response.headers.get("Location")).toBe("/feed");
  return (await acme.selectFrom("feed_item").select("id").where("author_id", "=", ids[who]!).orderBy("id", "desc").executeTakeFirstOrThrow()).id;
}

const report = (id: number, who: string, options: { comment?: number; moderation?: boolean } = {}) =>
  run(reportAction, `/post/${id}/report${options.comment ? `?comment=${options.comment}` : ""}`, who, { fields: [["reason", "HARASSMENT"], ["details", "Aimed at a colleague"]], params: { id: String(id) }, moderation: options.moderation });

async function seen(id: number, who: string) {
  const response = await run(postLoader, `/post/${id}`, who, { params: { id: String(id) } });
  return response.headers.get("Location") ? null : ((await response.json()) as { post: FeedPost }).post;
}

const decide = (kind: "post" | "comment", id: number, who: string, fields: Fields) => run(itemAction, `/admin/reported/${kind}/${id}`, who, { fields, params: { kind, id: String(id) } });

async function reportedList(show = "") {
  const response = await run(reportedLoader, `/admin/reported${show}`, "admin");
  return ((await response.json()) as { items: { href: string; status: string; reports: number; open: number }[] }).items;
}

const notices = (type: string, link: string) => acme.selectFrom("notification").select(["employee_id", "message"]).where("type", "=", type).where("link", "=", link).execute();

describe("the moderation of a post", () => {
  it("holds a post at the third reporter, tells the moderators, and one decision answers every report; a report after approval is pending again", async () => {
    const id = await post("employee", "Something people object to");
    const [first, second, third, fourth] = reporters.filter((who) => who !== "employee");
    expect((await report(id, first!)).headers.get("Location")).toBe(`/post/${id}`);
    // Hidden from its reporter at once, shown to everyone else, and pending for the moderators.
    expect((await seen(id, first!))!.underReview).toBe(true);
    expect((await seen(id, "admin"))!.underReview).toBe(false);
    expect((await reportedList()).find((item) => item.href === `/admin/reported/post/${id}`)).toMatchObject({ status: "Pending", reports: 1 });
    const told = await eventually(() => notices("MOMENTS_POST_FLAG", `/admin/reported/post/${id}`), (rows) => rows.length >= 1);
    expect(told).toEqual([{ employee_id: ids.admin, message: "A post was reported: Harassment or bullying." }]);

    await report(id, second!);
    await report(id, third!);
    expect((await seen(id, "admin"))!).toMatchObject({ status: "FLAGGED", underReview: true, canAddComment: false });
    expect((await reportedList()).find((item) => item.href === `/admin/reported/post/${id}`)).toMatchObject({ status: "Under review", reports: 3, open: 3 });
    await eventually(() => notices("MOMENTS_POST_FLAG", `/admin/reported/post/${id}`), (rows) => rows.some((row) => row.message === "A post is held for review: 3 people reported it."));

    const page = (await (await run(itemLoader, `/admin/reported/post/${id}`, "admin", { params: { kind: "post", id: String(id) } })).json()) as { item: { reports: { reason: string; details: string }[]; history: { action: string }[] } };
    expect(page.item.reports.map((entry) => [entry.reason, entry.details])).toEqual(Array(3).fill(["Harassment or bullying", "Aimed at a colleague"]));
    expect(page.item.history.map((event) => event.action)).toEqual(["HELD"]);

    const approved = await decide("post", id, "admin", [["intent", "approve"]]);
    expect(approved.headers.get("Location")).toBe("/admin/reported");
    // Shown to everyone again, its reporters included; the list no longer waits for it.
    expect((await seen(id, first!))!).toMatchObject({ status: "APPROVED", underReview: false, canAddComment: true });
    expect((await reportedList()).map((item) => item.href)).not.toContain(`/admin/reported/post/${id}`);
    expect((await reportedList("?show=all")).find((item) => item.href === `/admin/reported/post/${id}`)).toMatchObject({ status: "Approved", open: 0 });
    const outcomes = await eventually(() => acme.selectFrom("notification").select(["employee_id", "message"]).where("type", "=", "MOMENTS_MODERATION").where("link", "=", `/post/${id}`).execute(), (rows) => rows.length >= 4);
    expect(outcomes.filter((row) => row.employee_id === ids.employee).map((row) => row.message)).toEqual(["Your post is shown again after a moderator's review."]);
    expect(outcomes.filter((row) => row.employee_id !== ids.employee).map((row) => row.message)).toEqual(Array(3).fill("A moderator reviewed the post you reported and left it up."));

    // A fourth person reports it after approval: hidden from them, pending again, but the decision stands for everyone else.
    await report(id, fourth!);
    expect((await seen(id, "employee"))!.status).toBe("APPROVED");
    expect((await reportedList()).find((item) => item.href === `/admin/reported/post/${id}`)).toMatchObject({ status: "Pending", open: 1, reports: 4 });
  });

  it("removes a post with a reason its author is told; its points stay paid and it leaves every list", async () => {
    const receiverBefore = await balanceOf(acme, { kind: "SHOPPING", employeeId: ids.employee! });
    const fields: Fields = [["pm", String(ids.employee)], [`pts.${ids.employee}`, "15"], ["seenPoints", "1"], ["seenPrivate", "1"]];
    const id = await post("admin", "Points and an insult", fields);
    expect(await balanceOf(acme, { kind: "SHOPPING", employeeId: ids.employee! })).toBe(receiverBefore + 15);

    const refused = await decide("post", id, "admin", [["intent", "remove"], ["reason", ""]]);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: Record<string, string[]> }).error.reason).toEqual(["Say why it is removed: its author is told."]);

    // The admin moderates and is its author too: the manager is made a moderator for this.
    await acme.updateTable("employee").set({ permissions: JSON.stringify({ canGiveDiscretionaryPoints: true, isSocialModerator: true }) }).where("id", "=", ids.manager!).execute();
    cookies.manager = (await signInAs(testApp.app, "acme", "manager")).cookie;
    const removed = await decide("post", id, "manager", [["intent", "remove"], ["reason", "Insults have no place here."], ["returnTo", `/post/${id}`]]);
    expect(removed.headers.get("Location")).toBe(`/post/${id}`);
    expect(await seen(id, "employee")).toBeNull();
    expect(await balanceOf(acme, { kind: "SHOPPING", employeeId: ids.employee! })).toBe(receiverBefore + 15);
    await eventually(() => acme.selectFrom("notification").select("message").where("employee_id", "=", ids.admin!).where("type", "=", "MOMENTS_MODERATION").execute(), (rows) => rows.some((row) => row.message === "A moderator removed your post: Insults have no place here."));
    // A moderator still finds it, as it was, and may approve it back.
    const view = (await (await run(viewLoader, `/admin/reported/view/${id}`, "admin", { params: { postId: String(id) } })).json()) as { post: FeedPost };
    expect([view.post.status, view.post.data.text, view.post.canAddComment]).toEqual(["DENIED", "Points and an insult", false]);
    expect((await decide("post", id, "manager", [["intent", "remove"], ["reason", "Again"]])).status).toBe(302);
    const history = await acme.selectFrom("moderation_event").select(["action", "reason", "actor_id"]).where("post_id", "=", id).orderBy("id").execute();
    expect(history).toEqual([{ action: "DENIED", reason: "Insults have no place here.", actor_id: ids.manager }]);
    await acme.updateTable("employee").set({ permissions: JSON.stringify({ canGiveDiscretionaryPoints: true }) }).where("id", "=", ids.manager!).execute();
  });

  it("moderates a comment the same way, and a moderator removes one nobody reported", async () => {
    const id = await post("employee", "Post with comments");
    await run(postAction, `/post/${id}`, "admin", { fields: [["intent", "comment"], ["text", "A fine remark"], ["returnTo", "/feed"]], params: { id: String(id) } });
    const comment = (await seen(id, "employee"))!.comments[0]!;
    await report(id, "employee", { comment: comment.id });
    expect((await seen(id, "employee"))!.comments[0]!.underReview).toBe(true);
    expect((await seen(id, "manager"))!.comments[0]!.underReview).toBe(false);
    expect((await decide("comment", comment.id, "admin", [["intent", "approve"]])).status).toBe(302);
    expect((await seen(id, "employee"))!.comments[0]!.underReview).toBe(false);
    await decide("comment", comment.id, "admin", [["intent", "remove"], ["reason", "Off topic"]]);
    expect((await seen(id, "employee"))!.comments).toEqual([]);
    // Another program's comment id is not found here.
    const missing = await decide("comment", 2_000_000, "admin", [["intent", "approve"]]);
    expect(missing.headers.get("Location")).toBe("/admin/reported");
  });
});

describe("who moderates", () => {
  it("opens /admin and its sections to moderators only; program managers get the hashtags; a report of one's own post is not taken", async () => {
    for (const path of ["/admin", "/admin/reported"]) {
      const refused = await run(path === "/admin" ? adminLoader : reportedLoader, path, "employee");
      expect(refused.headers.get("Location")).toBe("/feed");
    }
    expect((await run(hashtagsLoader, "/admin/hashtags", "manager")).headers.get("Location")).toBe("/feed");
    expect((await run(adminLoader, "/admin", "admin")).status).toBe(200);
    // With moderation off, the reported list is closed; the hashtags stay with the program managers.
    expect((await run(reportedLoader, "/admin/reported", "admin", { moderation: false })).headers.get("Location")).toBe("/feed");
    expect((await run(hashtagsLoader, "/admin/hashtags", "admin", { moderation: false })).status).toBe(200);
    const id = await post("employee", "My own");
    expect((await report(id, "employee")).headers.get("Location")).toBe(`/post/${id}`);
    expect(await acme.selectFrom("post_report").select("id").where("post_id", "=", id).execute()).toEqual([]);
    const offered = (await (await run(reportTypes, "/report", "admin")).json()) as { offered: { id: string; title: string }[] };
    expect(offered.offered).toContainEqual({ id: "moments.social-flagged", title: "Social flagged" });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const ran = (await (await run(reportTypes, `/report?report=moments.social-flagged&start=${day(-2)}&end=${day(2)}`, "admin")).json()) as { result: { rows: Record<string, string>[] } };
    expect(ran.result.rows.length).toBeGreaterThan(0);
    expect(ran.result.rows[0]).toMatchObject({ item: "Post", reason: "Harassment or bullying", details: "Aimed at a colleague" });
  });

  it("with moderation off, never holds a post however many report it, and tells the program managers", async () => {
    const id = await post("employee", "Reported with moderation off");
    for (const who of reporters.filter((person) => person !== "employee")) await report(id, who, { moderation: false });
    expect((await seen(id, "admin"))!).toMatchObject({ status: "PUBLISHED", underReview: false });
    const told = await eventually(() => notices("MOMENTS_POST_FLAG", `/post/${id}`), (rows) => rows.length >= 1);
    expect(told.map((row) => row.employee_id)).toEqual([ids.admin]);
  });
});

describe("banned hashtags", () => {
  it("bans a tag and its look-alikes from new posts, unlinks it on old ones, and lets it back", async () => {
    const id = await post("employee", "Before the ban", [["h", "Friday"]]);
    expect((await seen(id, "manager"))!.hashtags).toEqual([{ tag: "friday", name: "Friday", linked: true }]);
    const bad = await run(hashtagsAction, "/admin/hashtags", "admin", { fields: [["intent", "deny"], ["name", "not a tag"]] });
    expect(((await bad.json()) as { error: Record<string, string[]> }).error.name).toEqual([messages.hashtagPattern]);
    expect((await run(hashtagsAction, "/admin/hashtags", "admin", { fields: [["intent", "deny"], ["name", "#Friday"]] })).status).toBe(302);
    expect((await seen(id, "manager"))!.hashtags).toEqual([{ tag: "friday", name: "Friday", linked: false }]);
    // Cyrillic look-alikes and full-width letters are the same tag.
    const again = await run(hashtagsAction, "/admin/hashtags", "admin", { fields: [["intent", "deny"], ["name", "ｆｒｉｄａｙ"]] });
    expect(((await again.json()) as { error: Record<string, string[]> }).error.name![0]).toMatch(/banned already/);
    const composed = await run(composeAction, "/compose", "employee", { fields: [["text", "After the ban"], ["key", `moderation-${++keys}`], ["h", "frіdаy"]] });
    expect(((await composed.json()) as { view: ComposerView }).view.errors.hashtags).toContain(messages.hashtagBanned);
    const listed = (await (await run(hashtagsLoader, "/admin/hashtags", "admin")).json()) as { banned: { tag: string; bannedBy: string }[] };
    expect(listed.banned.find((row) => row.tag === "friday")).toMatchObject({ bannedBy: "Alex Admin" });

    expect((await run(hashtagsAction, "/admin/hashtags", "admin", { fields: [["intent", "approve"], ["tag", "friday"]] })).status).toBe(302);
    expect((await seen(id, "manager"))!.hashtags[0]!.linked).toBe(true);
    const events = await acme.selectFrom("moderation_event").select(["action", "actor_id"]).where("tag", "=", "friday").orderBy("id").execute();
    expect(events).toEqual([
      { action: "BANNED", actor_id: ids.admin },
      { action: "ALLOWED", actor_id: ids.admin },
    ]);
  });
});
