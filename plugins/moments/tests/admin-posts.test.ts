import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import * as platform from "~/modules/platform.server";
import { freshDatabase, migratedDataDir } from "../../../tests/setup/databases";
import { eventually } from "../../../tests/setup/eventually";
import { contextFor, createTestApp, requestTo, settle, signInAs, tenantOf, type TestApp } from "../../../tests/setup/test-app";
import { localTimeIn } from "../admin-post-form.server";
import { ADMIN_POST_KIND } from "../admin-posts";
import { createAdminPost, publishDueAdminPost, type AdminPostInput } from "../admin-posts.server";
import type { FeedPost } from "../feed.server";
import { pointsSummary } from "~/modules/points/ledger.server";
import { messages } from "../rules";
import { action as composeAction } from "../routes/compose";
import { loader as pageLoader } from "../routes/feed.page";
import { action as newAction, loader as newLoader } from "../routes/admin.new";
import { loader as postedLoader } from "../routes/admin.posted._index";
import { action as editAction, loader as editLoader } from "../routes/admin.posted.$postId";
import { loader as postLoader } from "../routes/post.$id";

let testApp: TestApp;
let acme: ProgramDb;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};
const ZONE = "America/New_York";

beforeAll(async () => {
  testApp = await createTestApp({ population: 6 });
  acme = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
  for (const loginId of ["admin", "manager", "employee", "globexAdmin"]) {
    const signed = loginId === "globexAdmin" ? await signInAs(testApp.app, "globex", "admin") : await signInAs(testApp.app, "acme", loginId);
    ids[loginId] = signed.employeeId;
    cookies[loginId] = signed.cookie;
  }
});
afterAll(() => testApp.close());

type Fields = [string, string][];
type Route = (args: never) => Promise<unknown>;

/** Acme with admin posts on or off, its post limits out of the way. */
function program(context: AppLoadContext, adminPostsEnabled: boolean): AppLoadContext {
  const { config } = context.tenant;
  const roomy = { perMinute: 10_000, perHour: 10_000 };
  const moments = { ...config.features.moments!, adminPostsEnabled, limits: { ...(config.features.moments as { limits?: object }).limits, posts: roomy } };
  return { ...context, tenant: { ...context.tenant, config: { ...config, features: { ...config.features, moments } } } };
}

async function run(route: Route, path: string, who: string, { fields, params = {}, enabled = true }: { fields?: Fields; params?: Record<string, string>; enabled?: boolean } = {}) {
  const subdomain = who === "globexAdmin" ? "globex" : "acme";
  const cookie = cookies[who];
  const request = fields ? requestTo(subdomain, path, { method: "POST", body: new URLSearchParams(fields), cookie }) : requestTo(subdomain, path, { cookie });
  return (await settle(() => (route as (args: unknown) => Promise<Response>)({ request, context: program(contextFor(testApp.app, subdomain), enabled), params }))) as Response;
}

const inAnHour = () => localTimeIn(new Date(Date.now() + 3_600_000), ZONE);
const base = (title: string, extra: Fields = []): Fields => [["title", title], ["showTitle", "on"], ["text", `${title}: the words`], ["audience", "ALL"], ...extra];

async function write(fields: Fields) {
  const response = await run(newAction, "/admin/new", "admin", { fields });
  expect(response.headers.get("Location"), await response.clone().text()).toBe("/admin/posted");
  return acme.selectFrom("admin_post").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
}

async function firstPage(who: string, cursor?: number) {
  const response = await run(pageLoader, `/feed/page${cursor ? `?cursor=${cursor}` : ""}`, who);
  return ((await response.json()) as { posts: FeedPost[]; next: number | null });
}

async function seen(itemId: number, who: string) {
  const response = await run(postLoader, `/post/${itemId}`, who, { params: { id: String(itemId) } });
  return response.headers.get("Location") ? null : ((await response.json()) as { post: FeedPost }).post;
}

let keys = 0;
async function userPost(text: string) {
  await run(composeAction, "/compose", "employee", { fields: [["text", text], ["key", `admin-posts-${++keys}`]] });
}

async function errorsOf(response: Response) {
  expect(response.status).toBe(400);
  return (await response.json()) as { error: Record<string, string[]>; initialValue: Record<string, unknown> };
}

describe("who writes admin posts", () => {
  it("is a writer of admin posts while the program has them on; anyone else goes to the feed", async () => {
    expect((await run(newLoader, "/admin/new", "admin")).status).toBe(200);
    expect((await run(postedLoader, "/admin/posted", "admin")).status).toBe(200);
    for (const who of ["manager", "employee"]) expect((await run(newLoader, "/admin/new", who)).headers.get("Location")).toBe("/feed");
    expect((await run(newLoader, "/admin/new", "admin", { enabled: false })).headers.get("Location")).toBe("/feed");
    const refused = await run(newAction, "/admin/new", "employee", { fields: base("Not mine") });
    expect(refused.headers.get("Location")).toBe("/feed");
    expect(await acme.selectFrom("admin_post").select("id").where("title", "=", "Not mine").execute()).toEqual([]);
  });

  it("refuses a form with problems beside each field and keeps what was typed", async () => {
    const empty = await errorsOf(await run(newAction, "/admin/new", "admin", { fields: [["title", ""], ["text", ""], ["audience", "SEGMENT"]] }));
    expect(empty.error.title).toEqual(["Give the post a title."]);
    expect(empty.error.text).toEqual(["Write what the post says."]);
    const segment = await errorsOf(await run(newAction, "/admin/new", "admin", { fields: [["title", "Segment missing"], ["text", "x"], ["audience", "SEGMENT"]] }));
    expect(segment.error.segmentId).toEqual(["Choose the segment."]);
    expect(segment.initialValue.title).toBe("Segment missing");
    const groups = await errorsOf(await run(newAction, "/admin/new", "admin", { fields: [["title", "Groups"], ["text", "x"], ["audience", "GROUPS"], ["groupIds", "999999"]] }));
    expect(groups.error.groupIds).toEqual(["Choose at least one group."]);
    const past = await errorsOf(await run(newAction, "/admin/new", "admin", { fields: base("Past", [["publishAt", "2020-01-01T09:00"]]) }));
    expect(past.error.publishAt).toEqual(["Choose a time to come, or leave it empty to publish now."]);
    const impossible = await errorsOf(await run(newAction, "/admin/new", "admin", { fields: base("Feb 30", [["publishAt", "2031-02-30T09:00"]]) }));
    expect(impossible.error.publishAt).toEqual(["Enter a date and a time."]);
    const pin = await errorsOf(await run(newAction, "/admin/new", "admin", { fields: base("Pin", [["publishAt", "2031-03-10T09:00"], ["pinnedUntil", "2031-03-09"]]) }));
    expect(pin.error.pinnedUntil).toEqual(["Pin it until the day it is published or later."]);
    expect(await acme.selectFrom("admin_post").select("id").where("title", "in", ["Segment missing", "Groups", "Past", "Feb 30", "Pin"]).execute()).toEqual([]);
  });

  it("makes one post of a form sent twice", async () => {
    const fields = base("Sent twice", [["key", "admin-form-key-1"]]);
    const first = await write(fields);
    await write(fields);
    expect(await acme.selectFrom("admin_post").select("id").where("title", "=", "Sent twice").execute()).toEqual([{ id: first.id }]);
    expect(await acme.selectFrom("feed_item").select("id").where("kind", "=", ADMIN_POST_KIND).where("foreign_id", "=", String(first.id)).execute()).toHaveLength(1);
  });
});

describe("the feed", () => {
  it("keeps a pinned admin post on top of its first page until the pin expires, and shows it once", async () => {
    const pinned = await write(base("Open enrolment", [["pinnedUntil", "2099-12-31"]]));
    expect(pinned.state).toBe("PUBLISHED");
    for (let i = 0; i < 6; i++) await userPost(`After the pin ${i}`);
    const first = await firstPage("employee");
    expect(first.posts[0]).toMatchObject({ id: pinned.feed_item_id, kind: ADMIN_POST_KIND, pinned: true, data: { title: "Open enrolment", showTitle: true, text: "Open enrolment: the words" } });
    expect(first.posts[1]!.data.text).toBe("After the pin 5");
    const everything: number[] = [];
    for (let page = first; ; page = await firstPage("employee", page.next!)) {
      everything.push(...page.posts.map((post) => post.id));
      if (page.next === null) break;
    }
    expect(everything.filter((id) => id === pinned.feed_item_id)).toHaveLength(1);

    await acme.updateTable("admin_post").set({ pinned_until: new Date(Date.now() - 1000) }).where("id", "=", pinned.id).execute();
    const after = await firstPage("employee");
    expect(after.posts[0]!.data.text).toBe("After the pin 5");
    expect(after.posts.some((post) => post.id === pinned.feed_item_id)).toBe(false);
    expect((await seen(pinned.feed_item_id!, "employee"))?.pinned).toBe(false);
  });

  it("shows a post for a segment or for groups to their members only; its writer opens it by its page", async () => {
    const [, otherRegion] = await acme.selectFrom("segment").select("id").orderBy("id").execute();
    const engineering = (await acme.selectFrom("employee_group").select("id").where("name", "=", "Engineering").executeTakeFirstOrThrow()).id;
    const sales = (await acme.selectFrom("employee_group").select("id").where("name", "=", "Sales").executeTakeFirstOrThrow()).id;
    const region = await write([["title", "Region"], ["text", "For one region"], ["audience", "SEGMENT"], ["segmentId", String(otherRegion!.id)]]);
    const team = await write([["title", "Team"], ["text", "For engineering"], ["audience", "GROUPS"], ["groupIds", String(engineering)]]);
    const salesOnly = await write([["title", "Sales"], ["text", "For sales"], ["audience", "GROUPS"], ["groupIds", String(sales)]]);
    const feedOf = async (who: string) => (await firstPage(who)).posts.map((post) => post.data.text);
    expect(await feedOf("employee")).toEqual(expect.arrayContaining(["For engineering"]));
    expect(await feedOf("employee")).not.toContain("For one region");
    expect(await feedOf("employee")).not.toContain("For sales");
    await acme.insertInto("employee_group_member", { group_id: sales, employee_id: ids.manager! }).execute();
    expect(await feedOf("manager")).toEqual(expect.arrayContaining(["For sales", "For engineering"]));
    expect(await seen(region.feed_item_id!, "employee")).toBeNull();
    expect(await seen(team.feed_item_id!, "manager")).not.toBeNull();
    expect(await seen(salesOnly.feed_item_id!, "admin")).not.toBeNull();

    await acme.insertInto("employee_segment", { segment_id: otherRegion!.id, employee_id: ids.employee! }).execute();
    expect(await feedOf("employee")).toContain("For one region");
  });

  it("is not shown while the program has admin posts off", async () => {
    const post = await write(base("Hidden when off"));
    const response = await run(pageLoader, "/feed/page", "employee", { enabled: false });
    expect(((await response.json()) as { posts: FeedPost[] }).posts.map((item) => item.id)).not.toContain(post.feed_item_id);
  });
});

describe("scheduled admin posts", () => {
  it("waits for its time, can be changed and withdrawn until then, and is published once", async () => {
    const post = await write(base("Town hall", [["publishAt", inAnHour()]]));
    expect(post).toMatchObject({ state: "SCHEDULED", feed_item_id: null });
    expect(await publishDueAdminPost(testApp.app, tenantOf(testApp.app, "acme"), acme, post.id)).toBe(false);

    const edit = await run(editAction, `/admin/posted/${post.id}`, "admin", { params: { postId: String(post.id) }, fields: base("Town hall moved", [["publishAt", inAnHour()], ["pinnedUntil", "2099-01-01"]]) });
    expect(edit.headers.get("Location")).toBe(`/admin/posted/${post.id}`);
    const later = new Date(Date.now() + 2 * 3_600_000);
    const runs = await Promise.all([0, 1, 2].map(() => publishDueAdminPost(testApp.app, tenantOf(testApp.app, "acme"), acme, post.id, later)));
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(await publishDueAdminPost(testApp.app, tenantOf(testApp.app, "acme"), acme, post.id, later)).toBe(false);
    const items = await acme.selectFrom("feed_item").select(["id", "data"]).where("kind", "=", ADMIN_POST_KIND).where("foreign_id", "=", String(post.id)).execute();
    expect(items).toHaveLength(1);
    expect(items[0]!.data).toMatchObject({ title: "Town hall moved" });
    expect((await firstPage("employee")).posts[0]).toMatchObject({ id: items[0]!.id, pinned: true });

    const withdrawnFirst = await write(base("Never", [["publishAt", inAnHour()]]));
    const withdraw = await run(editAction, `/admin/posted/${withdrawnFirst.id}`, "admin", { params: { postId: String(withdrawnFirst.id) }, fields: [["intent", "withdraw"]] });
    expect(withdraw.headers.get("Location")).toBe("/admin/posted");
    expect(await publishDueAdminPost(testApp.app, tenantOf(testApp.app, "acme"), acme, withdrawnFirst.id, later)).toBe(false);
    expect(await acme.selectFrom("feed_item").select("id").where("kind", "=", ADMIN_POST_KIND).where("foreign_id", "=", String(withdrawnFirst.id)).execute()).toEqual([]);
  });

  it("is published by its job when its time comes", async () => {
    const tenant = tenantOf(testApp.app, "acme");
    const input: AdminPostInput = { title: "Soon", showTitle: false, text: "In a moment", audience: "ALL", segmentId: null, groupIds: [], activatesOn: new Date(Date.now() + 1_500), pinnedUntil: null, mentions: null };
    const id = await createAdminPost(testApp.app, tenant, acme, ids.admin!, input);
    const state = await eventually(() => acme.selectFrom("admin_post").select("state").where("id", "=", id).executeTakeFirstOrThrow(), (row) => row.state === "PUBLISHED", 30);
    expect(state.state).toBe("PUBLISHED");
  });

  it("changes a published post's card in the feed, and takes it off the feed", async () => {
    const post = await write(base("Typo"));
    const fields = base("Fixed", [["publishAt", "2020-01-01T00:00"]]);
    expect((await run(editAction, `/admin/posted/${post.id}`, "admin", { params: { postId: String(post.id) }, fields })).headers.get("Location")).toBe(`/admin/posted/${post.id}`);
    expect((await seen(post.feed_item_id!, "employee"))?.data).toMatchObject({ title: "Fixed", text: "Fixed: the words" });
    await run(editAction, `/admin/posted/${post.id}`, "admin", { params: { postId: String(post.id) }, fields: [["intent", "withdraw"]] });
    expect(await seen(post.feed_item_id!, "employee")).toBeNull();
    expect((await acme.selectFrom("admin_post").select("state").where("id", "=", post.id).executeTakeFirstOrThrow()).state).toBe("WITHDRAWN");
  });

  it("of another program are not found", async () => {
    const post = await write(base("Acme only"));
    expect((await run(editLoader, `/admin/posted/${post.id}`, "globexAdmin", { params: { postId: String(post.id) } })).headers.get("Location")).toBe("/admin/posted");
    const list = (await (await run(postedLoader, "/admin/posted", "globexAdmin")).json()) as { posts: { id: number }[] };
    expect(list.posts.map((row) => row.id)).not.toContain(post.id);
  });
});

describe("mentions and points in admin posts", () => {
  const addressOf = async (who: string) => (await acme.selectFrom("employee").select("email").where("id", "=", ids[who]!).executeTakeFirstOrThrow()).email!;
  const mentionNotices = (link: string) => acme.selectFrom("notification").select(["employee_id", "message"]).where("type", "=", "MOMENTS_MENTION").where("link", "=", link).execute();

  it("refuses what cannot be mentioned or paid beside the field, keeping what was typed", async () => {
    const [employee, manager, mine] = [await addressOf("employee"), await addressOf("manager"), await addressOf("admin")];
    const hider = await acme.selectFrom("employee").select(["id", "email", "display_name"]).where("login_id", "not in", ["admin", "manager", "employee"]).where("email", "is not", null).orderBy("id").executeTakeFirstOrThrow();
    await acme.updateTable("employee").set({ preferences: JSON.stringify({ hideFromMomentsFeed: true }) }).where("id", "=", hider.id).execute();
    const unknown = await errorsOf(await run(newAction, "/admin/new", "admin", { fields: base("Unknown", [["mentions", `${employee}, nobody@nowhere.example`]]) }));
    expect(unknown.error.mentions).toEqual(["No one in this program has this address: nobody@nowhere.example"]);
    expect(unknown.initialValue.mentions).toBe(`${employee}, nobody@nowhere.example`);
    const self = await errorsOf(await run(newAction, "/admin/new", "admin", { fields: base("Self", [["mentions", mine], ["pointsEach", "5"]]) }));
    expect(self.error.mentions).toEqual(["You can't mention yourself in your own admin post."]);
    const hidden = await errorsOf(await run(newAction, "/admin/new", "admin", { fields: base("Hidden", [["mentions", hider.email!]]) }));
    expect(hidden.error.mentions).toEqual([`${messages.privacyMentions}: ${hider.display_name}`]);
    const nobody = await errorsOf(await run(newAction, "/admin/new", "admin", { fields: base("Nobody", [["pointsEach", "5"]]) }));
    expect(nobody.error.pointsEach).toEqual(["Mention the people the points are for."]);
    const { discretionaryPointsAvailable } = await pointsSummary(acme, ids.admin!);
    const tooMuch = await errorsOf(await run(newAction, "/admin/new", "admin", { fields: base("Too much", [["mentions", `${employee}\n${manager}`], ["pointsEach", String(Math.floor(discretionaryPointsAvailable / 2) + 1)]]) }));
    expect(tooMuch.error.pointsEach).toEqual([`Not enough points: you have ${discretionaryPointsAvailable.toLocaleString("en-US")} to give.`]);
    const notWhole = await errorsOf(await run(newAction, "/admin/new", "admin", { fields: base("Half", [["mentions", employee], ["pointsEach", "2.5"]]) }));
    expect(notWhole.error.pointsEach).toEqual(["Point values must be a positive whole number."]);
    expect(await acme.selectFrom("admin_post").select("id").where("title", "in", ["Unknown", "Self", "Hidden", "Nobody", "Too much", "Half"]).execute()).toEqual([]);
    expect((await pointsSummary(acme, ids.admin!)).discretionaryPointsAvailable).toBe(discretionaryPointsAvailable);
  });

  it("mentions people on the feed and gives each the points from its writer when published, telling each", async () => {
    const before = { admin: await pointsSummary(acme, ids.admin!), employee: await pointsSummary(acme, ids.employee!), manager: await pointsSummary(acme, ids.manager!) };
    const post = await write(base("Well done", [["mentions", `${await addressOf("employee")}, ${await addressOf("manager")}`], ["pointsEach", "25"]]));
    expect(post).toMatchObject({ state: "PUBLISHED", points_each: 25 });
    const shown = await seen(post.feed_item_id!, "employee");
    expect(shown!.mentions.map((mention) => [mention.person.id, mention.points]).sort()).toEqual([[ids.employee, 25], [ids.manager, 25]].sort());
    expect((await pointsSummary(acme, ids.admin!)).discretionaryPointsAvailable).toBe(before.admin.discretionaryPointsAvailable - 50);
    expect((await pointsSummary(acme, ids.employee!)).shoppingPointsAvailable).toBe(before.employee.shoppingPointsAvailable + 25);
    expect((await pointsSummary(acme, ids.manager!)).shoppingPointsAvailable).toBe(before.manager.shoppingPointsAvailable + 25);
    const told = await eventually(() => mentionNotices(`/post/${post.feed_item_id}`), (rows) => rows.length >= 2);
    expect(told.find((row) => row.employee_id === ids.employee)?.message).toBe("Alex Admin gave you 25 points in an announcement: Well done");
    expect(told.map((row) => row.employee_id)).not.toContain(ids.admin);
    const wall = await acme.selectFrom("wall_item").select(["item_type", "data"]).where("employee_id", "=", ids.employee!).where("foreign_id", "=", String(post.feed_item_id)).execute();
    expect(wall).toEqual([{ item_type: "POINTS_MENTION", data: { postId: post.feed_item_id, from: "Alex Admin", excerpt: "Well done", points: 25 } }]);

    const edit = await run(editLoader, `/admin/posted/${post.id}`, "admin", { params: { postId: String(post.id) } });
    expect(((await edit.json()) as { post: { given: string[] } }).post.given).toEqual(expect.arrayContaining(["Emery Employee (25 points)"]));
  });

  it("pays a scheduled post's points at its time from what its writer still has, never to its writer, once; the writer hears of the rest", async () => {
    const writer = ids.manager!;
    const { discretionaryPointsAvailable: available, shoppingPointsAvailable: writersOwn } = await pointsSummary(acme, writer);
    const pointsEach = Math.floor(available / 2) + 1;
    const input: AdminPostInput = {
      title: "Quarter's stars",
      showTitle: true,
      text: "Thank you",
      audience: "ALL",
      segmentId: null,
      groupIds: [],
      activatesOn: new Date(Date.now() + 3_600_000),
      pinnedUntil: null,
      mentions: { ids: [ids.employee!, ids.admin!, writer], pointsEach },
    };
    const tenant = tenantOf(testApp.app, "acme");
    const id = await createAdminPost(testApp.app, tenant, acme, writer, input);
    const later = new Date(Date.now() + 2 * 3_600_000);
    const runs = await Promise.all([0, 1].map(() => publishDueAdminPost(testApp.app, tenant, acme, id, later)));
    expect(runs.filter(Boolean)).toHaveLength(1);
    const itemId = (await acme.selectFrom("admin_post").select("feed_item_id").where("id", "=", id).executeTakeFirstOrThrow()).feed_item_id!;
    const mentions = await acme.selectFrom("post_mention").select(["employee_id", "points"]).where("post_id", "=", itemId).execute();
    expect(mentions.map((mention) => mention.employee_id).sort()).toEqual([ids.employee, ids.admin].sort());
    expect(mentions.filter((mention) => mention.points === pointsEach)).toHaveLength(1);
    expect(await pointsSummary(acme, writer)).toMatchObject({ discretionaryPointsAvailable: available - pointsEach, shoppingPointsAvailable: writersOwn });
    expect(await acme.selectFrom("points_transfer").select("amount").where("reference", "=", `post:${itemId}`).execute()).toEqual([{ amount: pointsEach }]);
    const told = await eventually(() => mentionNotices(`/post/${itemId}`), (rows) => rows.some((row) => row.employee_id === writer));
    expect(told.find((row) => row.employee_id === writer)!.message).toMatch(/^Your admin post "Quarter's stars" was published\. Its points for .+ were not given: you no longer had them to give\.$/);
  });
});

describe("a scheduled admin post after a restart", () => {
  it("is published once by the next process when the one that scheduled it stopped first", async () => {
    const dataDir = migratedDataDir("admin-post-restart-");
    const database = process.env.DATABASE_URL ? await freshDatabase() : { target: { kind: "pglite" as const, dataDir }, drop: async () => {} };
    const env = platform.parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", TENANTS_DIR: "tenants", DATA_DIR: dataDir });
    const start = (workers: number) => platform.startApp(env, platform.createLogger("silent"), { database: database.target, seedDemo: false, jobs: { workers } });
    try {
      const first = await start(0);
      const tenant = tenantOf(first, "acme");
      await platform.seedDemoProgram(first.database, tenant, { population: 0, registry: first.registry });
      const db = first.database.forProgram(tenant.programId);
      const author = (await db.selectFrom("employee").select("id").where("login_id", "=", "admin").executeTakeFirstOrThrow()).id;
      const input: AdminPostInput = { title: "Restart", showTitle: true, text: "Survives a restart", audience: "ALL", segmentId: null, groupIds: [], activatesOn: new Date(Date.now() + 1_000), pinnedUntil: null, mentions: null };
      const id = await createAdminPost(first, tenant, db, author, input);
      await first.close();

      const second = await start(1);
      try {
        const again = second.database.forProgram(tenant.programId);
        const row = await eventually(() => again.selectFrom("admin_post").select("state").where("id", "=", id).executeTakeFirstOrThrow(), (value) => value.state === "PUBLISHED", 40);
        expect(row.state).toBe("PUBLISHED");
        expect(await publishDueAdminPost(second, tenant, again, id)).toBe(false);
        expect(await again.selectFrom("feed_item").select("id").where("kind", "=", ADMIN_POST_KIND).execute()).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
    }
  }, 120_000);
});
