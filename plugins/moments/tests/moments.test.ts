import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { crossProgramDb } from "~/modules/db/database.server";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { balanceOf, pointsSummary, transfer } from "~/modules/points/ledger.server";
import { contextFor, createTestApp, keptAccessIn, requestTo, settle, signInAs, tenantOf, signInPeople, versionMovesAt, type TestApp } from "../../../tests/setup/test-app";
import { itRaces } from "../../../tests/setup/races";
import { hashtagKey } from "../hashtags";
import { hashtagsChapter } from "../story-chapter.server";
import { textParts } from "../text-parts";
import { pointsConfirmation } from "~/modules/recognition/selection";
import { messages } from "../rules";
import { action as composeAction, loader as composeLoader } from "../routes/compose";
import { action as pictureAction } from "../routes/compose_.picture";
import { action as videoAction } from "../routes/compose_.video";
import { loader as assetRoute } from "~/routes/assets.$id.$name";
import sharp from "sharp";
import { GIF_GONE, GIFS_OFF, LINK_GONE, ONE_ATTACHMENT, PICTURE_GONE } from "../composer.server";
import { GIFS_UNAVAILABLE } from "~/modules/gifs/gifs";
import { http, HttpResponse } from "msw";
import { INVALID_LINK } from "~/modules/links/links";
import { server } from "../../../tests/mocks/server";
import { loader as pageLoader } from "../routes/feed.page";
import { action as postAction, loader as postLoader } from "../routes/post.$id";
import { action as reportAction } from "../routes/post_.$id.report";
import { loader as hashtagLoader } from "../routes/hashtag.$id";
import { loader as leaderboardLoader } from "../routes/leaderboard";
import { countActivity } from "../leaderboard.server";
import { loader as videoStatusLoader } from "../routes/post_.$id.video-status";
import { eventually } from "../../../tests/setup/eventually";
import { CHUNK_MARKERS, chunkOffsets, mp4, webm } from "../../../tests/setup/videos";
import type { ComposerView } from "../composer.server";
import type { FeedPost } from "../feed.server";

const GIPHY_KEY = "giphytestkey0123456789";
let testApp: TestApp;
let acme: ProgramDb;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};

beforeAll(async () => {
  // The one outside site these tests link to resolves to a public address (its page is mocked below).
  testApp = await createTestApp({
    population: 30,
    resolveHost: async (host) => (host === "news.example.org" ? ["93.184.215.14"] : []),
    env: { GIPHY_API_KEY: GIPHY_KEY },
  });
  acme = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
  const people = await signInPeople(testApp.app, "acme");
  Object.assign(ids, people.ids);
  Object.assign(cookies, people.cookies);
  cookies.globex = (await signInAs(testApp.app, "globex", "admin")).cookie;
});
afterAll(() => testApp.close());

type Fields = [string, string][];
type Route = (args: never) => Promise<unknown>;

const ROOMY = { perMinute: 100_000, perHour: 100_000 };
/**
 * A program whose feed lets this file's few people write as much as its tests
 * need (far past what one person may); the limits' own test uses the tenant
 * file's, as the app does.
 */
function roomy(context: AppLoadContext): AppLoadContext {
  const { config } = context.tenant;
  const limits = { posts: ROOMY, comments: ROOMY, reactions: ROOMY, reports: ROOMY, mentions: ROOMY, allStaffPostsPerHour: 100_000 };
  return { ...context, tenant: { ...context.tenant, config: { ...config, features: { ...config.features, moments: { ...config.features.moments!, limits } } } } };
}

async function run(route: Route, path: string, who: string, fields?: Fields, params: Record<string, string> = {}, subdomain = "acme") {
  const cookie = cookies[who];
  // A form as a browser sends it without JavaScript (it accepts a page back).
  const request = fields
    ? requestTo(subdomain, path, { method: "POST", body: new URLSearchParams(fields), cookie, headers: { Accept: "text/html" } })
    : requestTo(subdomain, path, { cookie });
  return (await settle(() => (route as (args: unknown) => Promise<Response>)({ request, context: roomy(contextFor(testApp.app, subdomain)), params }))) as Response;
}

let keys = 0;
const newKey = () => `test-key-${++keys}-${Date.now()}`;

async function compose(who: string, fields: Fields) {
  const response = await run(composeAction, "/compose", who, fields);
  return { response, view: response.headers.get("Location") ? null : ((await response.json()) as { view: ComposerView }).view };
}

async function latestPostOf(authorId: number) {
  return acme.selectFrom("feed_item").select("id").where("author_id", "=", authorId).where("kind", "=", "userGenerated").orderBy("id", "desc").executeTakeFirstOrThrow();
}

async function postView(id: number, who = "employee", subdomain = "acme") {
  const response = await run(postLoader, `/post/${id}`, who, undefined, { id: String(id) }, subdomain);
  return response.headers.get("Location") ? { redirect: response.headers.get("Location") } : ((await response.json()) as { post: FeedPost });
}

async function interact(id: number, who: string, fields: Fields) {
  return run(postAction, `/post/${id}`, who, [["returnTo", `/post/${id}`], ...fields], { id: String(id) });
}

/** Reports a post, or one of its comments, as the report page sends it. */
async function report(id: number, who: string, commentId?: number) {
  const path = `/post/${id}/report${commentId === undefined ? "" : `?comment=${commentId}`}`;
  return run(reportAction, path, who, [["reason", "OFFENSIVE"], ["details", "Not for work"]], { id: String(id) });
}

async function plainPost(who: string, text: string, extra: Fields = []) {
  const { response } = await compose(who, [["text", text], ["key", newKey()], ...extra]);
  expect(response.headers.get("Location")).toBe("/feed");
  return (await latestPostOf(ids[who]!)).id;
}

describe("posting with a points mention", () => {
  it("asks for the points confirmation, then moves the points in the post's transaction, once however often the form is sent", async () => {
    const key = newKey();
    const fields: Fields = [["text", "Thanks for the launch! #shipit"], ["key", key], ["pm", String(ids.employee)], [`pts.${ids.employee}`, "40"], ["h", "shipit"], ["m", String(ids.admin)]];
    const giverBefore = await balanceOf(acme, { kind: "DISCRETIONARY", employeeId: ids.manager! });
    const receiverBefore = await balanceOf(acme, { kind: "SHOPPING", employeeId: ids.employee! });

    const asked = await compose("manager", fields);
    expect(asked.view?.step).toBe("confirm-points");
    expect(asked.view?.totalPoints).toBe(40);
    expect(pointsConfirmation(40)).toBe("You're about to give 40 points. This action can't be undone.");

    const confirmed = [...fields, ["seenPoints", "1"], ["seenPrivate", "1"]] as Fields;
    for (let i = 0; i < 2; i++) expect((await compose("manager", confirmed)).response.headers.get("Location")).toBe("/feed");

    expect(await balanceOf(acme, { kind: "DISCRETIONARY", employeeId: ids.manager! })).toBe(giverBefore - 40);
    expect(await balanceOf(acme, { kind: "SHOPPING", employeeId: ids.employee! })).toBe(receiverBefore + 40);
    const posted = await acme.selectFrom("feed_item").select("id").where("foreign_id", "=", key).execute();
    expect(posted).toHaveLength(1);
    const view = await postView(posted[0]!.id);
    if (!("post" in view)) throw new Error("post did not load");
    expect(view.post.mentions.map((m) => [m.person.id, m.points])).toEqual([
      [ids.admin, null],
      [ids.employee, 40],
    ]);
    expect(view.post.hashtags).toEqual([{ tag: "shipit", name: "shipit", linked: true }]);
    expect(view.post.canEdit).toBe(false);
  });

  it.each([
    ["1.5", messages.pointsNotWhole],
    ["-3", messages.pointsNotWhole],
    ["0", messages.pointsNotWhole],
    ["99999999", messages.notEnoughPoints],
  ])("refuses %s points with the spec's message, keeping the draft", async (points, message) => {
    const { response, view } = await compose("manager", [["text", "Well done"], ["key", newKey()], ["pm", String(ids.employee)], [`pts.${ids.employee}`, points]]);
    expect(response.status).toBe(400);
    expect(Object.values(view!.errors).flat()).toContain(message);
    expect(view!.draft.selection.pointed).toEqual([{ employeeId: ids.employee, sources: [], points }]);
    expect(view!.draft.text).toBe("Well done");
  });

  it("does not offer points to someone who cannot give them", async () => {
    const { view } = await compose("employee", [["text", "Hi"], ["key", newKey()], ["pm", String(ids.manager)], [`pts.${ids.manager}`, "5"]]);
    expect(view!.errors.points).toEqual([messages.notEnoughPoints]);
  });
});

describe("mentions on walls", () => {
  const wallOf = async (employeeId: number) => acme.selectFrom("wall_item").select(["item_type", "data"]).where("employee_id", "=", employeeId).where("item_type", "in", ["SOCIAL_MENTION", "POINTS_MENTION"]).execute();
  const onWall = async (employeeId: number, postId: number) => (await wallOf(employeeId)).filter((item) => (item.data as { postId: number }).postId === postId);

  it("puts a post on the walls of those it mentions (with their points), off the walls of those an edit drops, and off every wall when it is deleted", async () => {
    const fields: Fields = [["text", "Great demo today"], ["key", newKey()], ["pm", String(ids.employee)], [`pts.${ids.employee}`, "15"], ["m", String(ids.admin)], ["seenPoints", "1"], ["seenPrivate", "1"]];
    expect((await compose("manager", fields)).response.headers.get("Location")).toBe("/feed");
    const pointed = (await latestPostOf(ids.manager!)).id;
    expect(await onWall(ids.employee!, pointed)).toEqual([{ item_type: "POINTS_MENTION", data: { postId: pointed, from: "Morgan Manager", excerpt: "Great demo today", points: 15 } }]);
    expect(await onWall(ids.admin!, pointed)).toEqual([{ item_type: "SOCIAL_MENTION", data: { postId: pointed, from: "Morgan Manager", excerpt: "Great demo today" } }]);

    const plain = await plainPost("employee", "Thanks both", [["m", String(ids.admin)], ["m", String(ids.manager)], ["seenPrivate", "1"]]);
    expect((await onWall(ids.manager!, plain)).map((item) => item.item_type)).toEqual(["SOCIAL_MENTION"]);
    await compose("employee", [["text", "Thanks Alex"], ["key", newKey()], ["edit", String(plain)], ["m", String(ids.admin)], ["seenPrivate", "1"]]);
    expect(await onWall(ids.manager!, plain)).toEqual([]);
    expect(await onWall(ids.admin!, plain)).toHaveLength(1);
    expect((await interact(plain, "employee", [["intent", "delete"]])).headers.get("Location")).toBe("/feed");
    expect(await onWall(ids.admin!, plain)).toEqual([]);
  });
});

describe("the post rules", () => {
  it("refuses 401 characters, 21 hashtags, a banned or malformed hashtag and an empty post", async () => {
    const tooLong = await compose("employee", [["text", "x".repeat(401)], ["key", newKey()]]);
    expect(tooLong.view!.errors.text).toEqual(["A post has at most 400 characters."]);
    const many = await compose("employee", [["text", "tags"], ["key", newKey()], ...Array.from({ length: 21 }, (_, i): [string, string] => ["h", `tag${i}`])]);
    expect(many.view!.errors.hashtags).toEqual(["A post has at most 20 hashtags."]);
    await acme.insertInto("banned_hashtag", { tag: hashtagKey("Forbidden"), name: "Forbidden" }).onConflict((c) => c.doNothing()).execute();
    const banned = await compose("employee", [["text", "x"], ["key", newKey()], ["h", "forbidden"]]);
    expect(banned.view!.errors.hashtags).toEqual([messages.hashtagBanned]);
    // Look-alikes: full-width letters, a Cyrillic 'о', a combining accent.
    for (const lookalike of ["ｆｏｒｂｉｄｄｅｎ", "f\u043Erbidden", "forbidde\u0301n"]) {
      const sneaky = await compose("employee", [["text", "x"], ["key", newKey()], ["h", lookalike]]);
      expect(sneaky.view?.errors.hashtags, lookalike).toEqual([messages.hashtagBanned]);
    }
    const inStep = (await (await run(composeLoader, `/compose?at=hashtags&go=hashtags&text=x&addTag=${encodeURIComponent("f\u043Erbidden")}`, "employee")).json()) as { view: ComposerView };
    expect(inStep.view.errors.tag).toEqual([messages.hashtagBanned]);
    const malformed = await compose("employee", [["text", "x"], ["key", newKey()], ["h", "not-ok"]]);
    expect(malformed.view!.errors.hashtags).toEqual([messages.hashtagPattern]);
    const empty = await compose("employee", [["text", "  "], ["key", newKey()]]);
    expect(empty.response.status).toBe(400);
  });

  it("makes the hashtags of posts that mention someone a chapter of their recognition story", async () => {
    const person = (await signInAs(testApp.app, "acme", "manager")).employeeId;
    await plainPost("employee", "Great demo #StoryTime #demo", [["m", String(person)]]);
    await plainPost("admin", "Again #storytime", [["m", String(person)]]);
    const chapter = await hashtagsChapter.chapter({ ...(await keptAccessIn(testApp.app, "acme", "admin")), personId: person });
    expect(chapter?.title).toBe("Hashtags");
    // One tag whatever its case, counted once per post.
    expect(chapter?.entries[0]).toEqual({ label: expect.stringMatching(/^#storytime$/i), count: 2 });
    expect(chapter?.entries).toContainEqual({ label: "#demo", count: 1 });
    // Kept under the feed's version (decision 111): another post moves it (read by another request, which reads versions anew).
    await plainPost("admin", "And again #demo", [["m", String(person)]]);
    const again = await hashtagsChapter.chapter({ ...(await keptAccessIn(testApp.app, "acme", "admin")), personId: person });
    expect(again?.entries).toContainEqual({ label: "#demo", count: 2 });
  });

  it("counts hashtags written in a post's text as its hashtags, by the same rules", async () => {
    const id = await plainPost("employee", "Shipped on time #LaunchQ4");
    const page = (await (await run(hashtagLoader, "/hashtag/launchq4", "admin", undefined, { id: "launchq4" })).json()) as { posts: FeedPost[] };
    expect(page.posts.map((post) => post.id)).toContain(id);
    const banned = await compose("employee", [["text", "Nice #forbidden work"], ["key", newKey()]]);
    expect(banned.view!.errors.hashtags).toEqual([messages.hashtagBanned]);
    const tooMany = await compose("employee", [["text", Array.from({ length: 21 }, (_, i) => `#t${i}`).join(" ")], ["key", newKey()]]);
    expect(tooMany.view!.errors.hashtags).toEqual(["A post has at most 20 hashtags."]);
  });

  it("narrows the feed to a segment's members and a hashtag's page to its posts", async () => {
    const segment = await acme.insertInto("segment", { name: "Night shift", segment_type: "REGION" }).returning("id").executeTakeFirstOrThrow();
    await acme.insertInto("employee_segment", { segment_id: segment.id, employee_id: ids.employee! }).execute();
    const inside = await plainPost("employee", "From the night shift #nightowls");
    const outside = await plainPost("manager", "From the day shift #nightowls");
    const members = (await (await run(pageLoader, `/feed/page?segment=${segment.id}`, "employee")).json()) as { posts: FeedPost[] };
    expect(members.posts.map((post) => post.author?.id)).toEqual(members.posts.map(() => ids.employee));
    expect(members.posts.map((post) => post.id)).toContain(inside);
    const tagged = (await (await run(hashtagLoader, "/hashtag/nightowls", "admin", undefined, { id: "nightowls" })).json()) as { posts: FeedPost[] };
    expect(tagged.posts.map((post) => post.id)).toEqual([outside, inside]);
  });

  it("draws a hashtag banned after it was posted as text, not as a link to its page", async () => {
    const id = await plainPost("employee", "Nice #Outdated and #fine work");
    await acme.insertInto("banned_hashtag", { tag: hashtagKey("Outdated"), name: "Outdated" }).onConflict((c) => c.doNothing()).execute();
    const post = ((await postView(id)) as { post: FeedPost }).post;
    expect(post.data.unlinkedTags).toEqual(["outdated"]);
    expect(textParts(String(post.data.text), new Set(post.data.unlinkedTags as string[])).filter((part) => part.kind === "hashtag").map((part) => part.text)).toEqual(["#fine"]);
  });

  it("accepts hashtags in many scripts, and lists posts by hashtag whatever their case", async () => {
    const id = await plainPost("employee", "Merci! #Équipe #チーム #team42", [["h", "Équipe"], ["h", "チーム"], ["h", "team42"]]);
    const page = (await (await run(hashtagLoader, "/hashtag/%C3%A9quipe", "admin", undefined, { id: "équipe" })).json()) as { posts: FeedPost[] };
    expect(page.posts.map((post) => post.id)).toContain(id);
  });

  it("refuses a mention of someone hidden from the feed, with the privacy notice", async () => {
    await acme.updateTable("employee").set({ preferences: JSON.stringify({ hideFromMomentsFeed: true }) }).where("id", "=", ids.admin!).execute();
    try {
      const { view } = await compose("employee", [["text", "Hello"], ["key", newKey()], ["m", String(ids.admin)]]);
      expect(view!.errors.mentions![0]).toContain(messages.privacyMentions);
      const search = await run(composeLoader, "/compose?at=mentions&q=Alex&do=search", "employee");
      const found = ((await search.json()) as { view: ComposerView }).view.lookup!.result;
      expect(found.tooShort === false && found.people.map((p) => p.id)).not.toContain(ids.admin);
    } finally {
      await acme.updateTable("employee").set({ preferences: JSON.stringify({}) }).where("id", "=", ids.admin!).execute();
    }
  });

  it("asks the private-recognition check, naming the one person or 'Several recipients'", async () => {
    await acme.updateTable("employee").set({ preferences: JSON.stringify({ publicRecognitionEnabled: false }) }).where("id", "in", [ids.admin!, ids.manager!]).execute();
    try {
      const one = await compose("employee", [["text", "Thanks"], ["key", newKey()], ["m", String(ids.admin)]]);
      expect(one.view!.step).toBe("heads-up");
      expect(one.view!.privateSubject).toBe("Alex Admin");
      const two = await compose("employee", [["text", "Thanks"], ["key", newKey()], ["m", String(ids.admin)], ["m", String(ids.manager)]]);
      expect(two.view!.privateSubject).toBe(messages.severalRecipients);
      const anyway = await compose("employee", [["text", "Thanks"], ["key", newKey()], ["m", String(ids.admin)], ["seenPrivate", "1"]]);
      expect(anyway.response.headers.get("Location")).toBe("/feed");
    } finally {
      await acme.updateTable("employee").set({ preferences: JSON.stringify({}) }).where("id", "in", [ids.admin!, ids.manager!]).execute();
    }
  });

  it("adds a group's members through the mentions step, merging duplicates", async () => {
    const group = await acme.selectFrom("employee_group").select("id").orderBy("id").executeTakeFirstOrThrow();
    const response = await run(composeLoader, `/compose?at=mentions&text=Hi&m=${ids.manager}&pick=g${group.id}&pick=e${ids.manager}&do=add`, "employee");
    const { view } = (await response.json()) as { view: ComposerView };
    const members = await acme.selectFrom("employee_group_member").select("employee_id").where("group_id", "=", group.id).execute();
    const expected = new Set([ids.manager, ...members.map((m) => m.employee_id).filter((id) => id !== ids.employee)]);
    expect(new Set(view.draft.selection.named.map((m) => m.employeeId))).toEqual(expected);
    expect(view.draft.selection.named.filter((m) => m.employeeId === ids.manager)).toHaveLength(1);
  });
});

/** Uploads a picture through the composer's picture step (without JavaScript); returns where it sent the browser and the draft's picture id. */
async function attach(who: string, draft: Fields, bytes: Uint8Array<ArrayBuffer>, subdomain = "acme", crop?: { x: number; y: number; width: number; height: number }) {
  const body = new FormData();
  body.set("picture", new Blob([bytes], { type: "image/jpeg" }), "photo.jpg");
  body.set("imgAlt", "Cake on a desk");
  for (const [name, value] of Object.entries(crop ?? {})) body.set(name, String(value));
  const path = `/compose/picture?${new URLSearchParams(draft)}`;
  const request = requestTo(subdomain, path, { method: "POST", body, cookie: cookies[who], headers: { Accept: "text/html" } });
  const response = (await settle(() => (pictureAction as (args: unknown) => Promise<Response>)({ request, context: contextFor(testApp.app, subdomain), params: {} }))) as Response;
  const location = response.headers.get("Location");
  return { response, location, picture: location ? new URLSearchParams(location.split("?")[1]).get("img") : null };
}

const cake = () => sharp({ create: { width: 800, height: 1600, channels: 3, background: "#f0c0d0" } }).jpeg().toBuffer().then((buffer) => new Uint8Array(buffer));

describe("pictures", () => {
  it("are added to the draft (checked by content, cut to the feed's shapes), posted, and shown with their description", async () => {
    const key = newKey();
    const refused = await attach("employee", [["text", "Cake!"], ["key", key]], new TextEncoder().encode("not a picture"));
    expect(refused.response.status).toBe(400);
    const { view } = (await refused.response.json()) as { view: ComposerView };
    expect([view.step, view.errors.picture, view.draft.text]).toEqual(["image", ["This file is not an image. Choose a JPEG, PNG, WebP or GIF picture."], "Cake!"]);

    const { location, picture } = await attach("employee", [["text", "Cake!"], ["key", key]], await cake());
    expect(location).toMatch(/^\/compose\?/);
    expect(new URLSearchParams(location!.split("?")[1]).get("text")).toBe("Cake!");
    const { response } = await compose("employee", [["text", "Cake!"], ["key", key], ["img", picture!], ["imgAlt", "Cake on a desk"]]);
    expect(response.headers.get("Location")).toBe("/feed");
    const posted = (await postView((await latestPostOf(ids.employee!)).id)) as { post: FeedPost };
    // A 1:2 picture is taller than 9:16: cut at its centre to 9:16, then scaled to the canvas's height.
    expect(posted.post.data.picture).toEqual({ src: `/assets/${picture}/photo.jpg`, alt: "Cake on a desk", width: 317, height: 563 });
  });

  it("are cut where the cropper says, in a shape between 9:16 and 16:9; another shape is refused beside the field", async () => {
    // The top square of the 800x1600 cake (a shape the feed allows), drawn at the canvas's 563 pixels high.
    const framed = await attach("employee", [["text", "Top"], ["key", newKey()]], await cake(), "acme", { x: 0, y: 0, width: 800, height: 800 });
    const stored = await acme.selectFrom("asset").select(["width", "height"]).where("id", "=", framed.picture!).executeTakeFirstOrThrow();
    expect([stored.width, stored.height]).toEqual([563, 563]);
    const thin = await attach("employee", [["text", "Thin"], ["key", newKey()]], await cake(), "acme", { x: 0, y: 0, width: 200, height: 1600 });
    expect(thin.response.status).toBe(400);
    expect(((await thin.response.json()) as { view: ComposerView }).view.errors.picture).toEqual(["Choose an area inside the picture, in the shape shown."]);
  });

  it("refuses a picture someone else uploaded, or another program's", async () => {
    const mine = await attach("manager", [["key", newKey()]], await cake());
    const borrowed = await compose("employee", [["text", "Borrowed"], ["key", newKey()], ["img", mine.picture!]]);
    expect(borrowed.response.status).toBe(400);
    expect(borrowed.view?.errors.picture).toEqual([PICTURE_GONE]);
    const elsewhere = await attach("globex", [["key", newKey()]], await cake(), "globex");
    const foreign = await compose("manager", [["text", "Foreign"], ["key", newKey()], ["img", elsewhere.picture!]]);
    expect(foreign.view?.errors.picture).toEqual([PICTURE_GONE]);
  });
});

/** An MP4 as a camera writes one: its 'ftyp' box first, then (here) nothing but zeros. */
async function attachVideoFile(who: string, draft: Fields, bytes: Uint8Array<ArrayBuffer>, fileName = "clip.mp4") {
  const body = new FormData();
  body.set("video", new Blob([bytes], { type: "video/mp4" }), fileName);
  const request = requestTo("acme", `/compose/video?${new URLSearchParams(draft)}`, { method: "POST", body, cookie: cookies[who], headers: { Accept: "text/html" } });
  const response = (await settle(() => (videoAction as (args: unknown) => Promise<Response>)({ request, context: contextFor(testApp.app, "acme"), params: {} }))) as Response;
  const location = response.headers.get("Location");
  return { response, location, video: location ? new URLSearchParams(location.split("?")[1]).get("vid") : null };
}

describe("videos", () => {
  const status = async (id: number, who = "employee", subdomain = "acme") => {
    const response = await run(videoStatusLoader, `/post/${id}/video-status`, who, undefined, { id: String(id) }, subdomain);
    return response.status === 200 ? ((await response.json()) as { processing: string }).processing : response.status;
  };
  const postVideo = async (bytes: Buffer, text: string, fileName = "clip.mp4") => {
    const key = newKey();
    const { video } = await attachVideoFile("employee", [["text", text], ["key", key]], new Uint8Array(bytes), fileName);
    expect(video).toMatch(/^[0-9a-f-]{36}$/);
    const { response } = await compose("employee", [["text", text], ["key", key], ["vid", video!]]);
    expect(response.headers.get("Location")).toBe("/feed");
    return { video: video!, id: (await latestPostOf(ids.employee!)).id };
  };

  it("stream to storage past the size a form is read at (12 MB here), are checked by content, posted and played by ranges", async () => {
    const key = newKey();
    const refused = await attachVideoFile("employee", [["text", "Our demo"], ["key", key]], new TextEncoder().encode("MZ this is a program"), "demo.mp4");
    expect(refused.response.status).toBe(400);
    const { view } = (await refused.response.json()) as { view: ComposerView };
    expect([view.step, view.errors.video, view.draft.text]).toEqual(["video", ["This file is not a video. Choose an MP4, WebM or MOV video."], "Our demo"]);

    const { video } = await attachVideoFile("employee", [["text", "Our demo"], ["key", key]], new Uint8Array(mp4({ mediaBytes: 12 * 1024 * 1024 })), "Sprint demo.mp4");
    expect(video).toMatch(/^[0-9a-f-]{36}$/);
    // A picture and a video together are refused; the video alone posts.
    const both = await compose("employee", [["text", "Our demo"], ["key", key], ["vid", video!], ["img", video!]]);
    expect(both.view?.errors.picture).toContain(ONE_ATTACHMENT);
    const { response } = await compose("employee", [["text", "Our demo"], ["key", key], ["vid", video!]]);
    expect(response.headers.get("Location")).toBe("/feed");
    const { id } = await latestPostOf(ids.employee!);
    expect(await eventually(() => status(id), (processing) => processing !== "PROCESSING")).toBe("COMPLETE");

    const part = await assetRoute({ request: requestTo("acme", `/assets/${video}/x`, { headers: { Range: "bytes=4-11" } }), params: { id: video!, name: "x" }, context: contextFor(testApp.app, "acme") });
    expect([part.status, part.headers.get("content-range"), new TextDecoder().decode(await part.arrayBuffer())]).toEqual([206, `bytes 4-11/${mp4({ mediaBytes: 12 * 1024 * 1024 }).length}`, "ftypisom"]);
  });

  it("are processed in the background: PROCESSING, then COMPLETE with their size, their index moved before their media", async () => {
    const original = mp4({ mediaBytes: 512 * 1024, width: 1280, height: 720 });
    const { video, id } = await postVideo(original, "Processed in the background");
    expect(await eventually(() => status(id), (processing) => processing !== "PROCESSING")).toBe("COMPLETE");
    const posted = (await postView(id)) as { post: FeedPost };
    expect(posted.post.data.video).toEqual({ src: `/assets/${video}/clip.mp4`, contentType: "video/mp4", processing: "COMPLETE", width: 1280, height: 720 });

    const served = await assetRoute({ request: requestTo("acme", `/assets/${video}/clip.mp4`), params: { id: video, name: "clip.mp4" }, context: contextFor(testApp.app, "acme") });
    expect(served.headers.get("cache-control")).toContain("immutable");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBe(original.length);
    expect(bytes.indexOf("moov", 0, "latin1")).toBeLessThan(bytes.indexOf("mdat", 0, "latin1"));
    expect(chunkOffsets(bytes).map((offset) => bytes.toString("latin1", offset, offset + CHUNK_MARKERS[0].length))).toEqual(CHUNK_MARKERS);
    // The file as it was uploaded is gone from storage: only the rewritten one is kept.
    const keys = await acme.selectFrom("asset").select("storage_key").where("id", "=", video).execute();
    expect(keys).toHaveLength(1);
    expect(await testApp.app.storage.get(keys[0]!.storage_key)).not.toBeNull();
  });

  it("that no browser plays end in ERROR, and the post says so", async () => {
    const { id } = await postVideo(mp4({ codec: "apcn" }), "Shot in ProRes", "prores.mov");
    expect(await eventually(() => status(id), (processing) => processing !== "PROCESSING")).toBe("ERROR");
    const posted = (await postView(id)) as { post: FeedPost };
    expect(posted.post.data.video).toMatchObject({ processing: "ERROR" });
  });

  it("have a status only in their own program; a post without a video has none", async () => {
    const { id } = await postVideo(webm(), "A WebM", "clip.webm");
    expect(await eventually(() => status(id), (processing) => processing !== "PROCESSING")).toBe("COMPLETE");
    expect(await status(id, "globex", "globex")).toBe(404);
    expect(await status(999_999)).toBe(404);
    await compose("employee", [["text", "No video here"], ["key", newKey()]]);
    expect(await status((await latestPostOf(ids.employee!)).id)).toBe("NONE");
  });

  it("stop at 100 MB, saying so beside the field, with the draft kept", async () => {
    const { response } = await attachVideoFile("employee", [["text", "Too long"], ["key", newKey()]], new Uint8Array(mp4({ mediaBytes: 100 * 1024 * 1024 })));
    expect(response.status).toBe(413);
    const { view } = (await response.json()) as { view: ComposerView };
    expect([view.step, view.errors.video, view.draft.text]).toEqual(["video", ["Videos must be at most 100 MB."], "Too long"]);
  });
});

describe("links", () => {
  const story = () =>
    server.use(
      http.get("https://news.example.org/story", () =>
        new HttpResponse(`<html><head><meta property="og:title" content="Acme wins"><meta property="og:site_name" content="Example News"></head></html>`, { headers: { "Content-Type": "text/html" } }),
      ),
    );

  it("are previewed on their step, added to the draft, posted and shown as the page's card, each step a URL", async () => {
    story();
    const typedBadly = (await (await run(composeLoader, "/compose?at=link&text=Look&url=not%20a%20link&do=preview-link", "employee")).json()) as { view: ComposerView };
    expect([typedBadly.view.step, typedBadly.view.errors.url, typedBadly.view.linkInput, typedBadly.view.draft.text]).toEqual(["link", [INVALID_LINK], "not a link", "Look"]);
    const previewed = (await (await run(composeLoader, "/compose?at=link&text=Look&url=news.example.org/story&do=preview-link", "employee")).json()) as { view: ComposerView };
    expect([previewed.view.step, previewed.view.link?.title, previewed.view.draft.link]).toEqual(["link", "Acme wins", null]);
    const added = (await (await run(composeLoader, "/compose?at=link&text=Look&url=news.example.org/story&do=add-link", "employee")).json()) as { view: ComposerView };
    expect([added.view.step, added.view.link?.siteName]).toEqual(["compose", "Example News"]);
    const link = added.view.draft.link!;

    const { response } = await compose("employee", [["text", "Look"], ["key", newKey()], ["lnk", String(link)]]);
    expect(response.headers.get("Location")).toBe("/feed");
    const posted = (await postView((await latestPostOf(ids.employee!)).id)) as { post: FeedPost };
    expect(posted.post.data.link).toMatchObject({ url: "https://news.example.org/story", host: "news.example.org", title: "Acme wins", internal: false, embed: null });
  });

  it("are one attachment among three, and only the program's own previews can be posted", async () => {
    story();
    const added = (await (await run(composeLoader, "/compose?at=link&url=https://news.example.org/story&do=add-link", "manager")).json()) as { view: ComposerView };
    const link = String(added.view.draft.link);
    const { picture } = await attach("manager", [["key", newKey()]], await cake());
    const both = await compose("manager", [["text", "Two"], ["key", newKey()], ["lnk", link], ["img", picture!]]);
    expect(both.view?.errors.picture).toEqual([ONE_ATTACHMENT]);
    const foreign = await run(composeAction, "/compose", "globex", [["text", "Borrowed"], ["key", newKey()], ["lnk", link]], {}, "globex");
    expect(((await foreign.json()) as { view: ComposerView }).view.errors.link).toEqual([LINK_GONE]);
  });
});

describe("GIFs", () => {
  /** GIPHY's API as it answers: GIFs named by id, 30 for any search, the key checked. */
  const giphy = (fail = false) => {
    const asked: URL[] = [];
    const gif = (id: string) => ({ id, title: `${id} GIF`, images: { fixed_width: { width: "200", height: "150", mp4: "https://media.giphy.com/x.mp4" } } });
    const list = (url: URL) => {
      asked.push(url);
      if (fail) return new HttpResponse("busy", { status: 503 });
      if (url.searchParams.get("api_key") !== GIPHY_KEY) return new HttpResponse(null, { status: 403 });
      const limit = Number(url.searchParams.get("limit"));
      const prefix = url.pathname.endsWith("/search") ? url.searchParams.get("q")! : "trend";
      return HttpResponse.json({ data: Array.from({ length: limit }, (_, i) => gif(`${prefix}${i}`)), pagination: { total_count: 30, count: limit, offset: 0 } });
    };
    server.use(
      http.get("https://api.giphy.com/v1/gifs/trending", ({ request }) => list(new URL(request.url))),
      http.get("https://api.giphy.com/v1/gifs/search", ({ request }) => list(new URL(request.url))),
      http.get("https://api.giphy.com/v1/gifs/:id", ({ params }) => (params.id === "gone1" ? HttpResponse.json({ message: "Not found" }, { status: 404 }) : HttpResponse.json({ data: gif(String(params.id)) }))),
    );
    return asked;
  };
  const step = async (query: string) => ((await (await run(composeLoader, `/compose?${query}`, "employee")).json()) as { view: ComposerView }).view;

  it("are GIPHY's trending ones first, searched 12 at a time with 'Show More', chosen, posted and shown by their title", async () => {
    const asked = giphy();
    const trending = await step("at=compose&go=gif&text=Friday");
    expect([trending.step, trending.gifsOffered, trending.gifSearch?.gifs.length, trending.gifSearch?.more, trending.draft.text]).toEqual(["gif", true, 12, true, "Friday"]);
    const more = await step("at=gif&text=Friday&gifq=cats&gifs=24");
    expect([more.gifSearch?.query, more.gifSearch?.gifs.length, more.gifSearch?.gifs[23]?.title, more.gifSearch?.more]).toEqual(["cats", 24, "cats23 GIF", true]);
    expect(asked.map((url) => [url.pathname, url.searchParams.get("limit"), url.searchParams.get("rating")])).toEqual([
      ["/v1/gifs/trending", "12", "g"],
      ["/v1/gifs/search", "24", "g"],
    ]);
    const chosen = await step("at=gif&text=Friday&pickGif=cats7");
    expect([chosen.step, chosen.draft.gif, chosen.gif?.title]).toEqual(["compose", "cats7", "cats7 GIF"]);

    const { response } = await compose("employee", [["text", "Friday"], ["key", newKey()], ["gif", "cats7"], ["gifTitle", "cats7 GIF"]]);
    expect(response.headers.get("Location")).toBe("/feed");
    const posted = (await postView((await latestPostOf(ids.employee!)).id)) as { post: FeedPost };
    expect(posted.post.data.gif).toEqual({ id: "cats7", title: "cats7 GIF", src: "https://media.giphy.com/media/cats7/giphy.mp4", width: null, height: null });
  });

  it("say so when GIPHY cannot be reached or the GIF is gone, the draft kept; a GIF is one attachment", async () => {
    giphy(true);
    const down = await step("at=gif&text=Kept&gifq=dogs");
    expect([down.step, down.errors.gif, down.gifSearch?.gifs, down.draft.text]).toEqual(["gif", [GIFS_UNAVAILABLE], [], "Kept"]);
    giphy();
    const gone = await step("at=gif&text=Kept&pickGif=gone1");
    expect([gone.step, gone.errors.gif, gone.draft.gif]).toEqual(["gif", [GIF_GONE], null]);
    const { picture } = await attach("employee", [["key", newKey()]], await cake());
    const both = await compose("employee", [["text", "Two"], ["key", newKey()], ["gif", "cats7"], ["img", picture!]]);
    expect(both.view?.errors.picture).toEqual([ONE_ATTACHMENT]);
  });

  it("are checked again at submit: a GIF that is gone is refused with the draft kept, and the title is GIPHY's", async () => {
    giphy();
    const gone = await compose("employee", [["text", "Kept at submit"], ["key", newKey()], ["gif", "gone1"], ["gifTitle", "Gone"]]);
    expect([gone.response.status, gone.view?.errors.gif, gone.view?.draft.text]).toEqual([400, [GIF_GONE], "Kept at submit"]);
    const { response } = await compose("employee", [["text", "Titled by GIPHY"], ["key", newKey()], ["gif", "dogs3"], ["gifTitle", "Anything I like"]]);
    expect(response.headers.get("Location")).toBe("/feed");
    const posted = (await postView((await latestPostOf(ids.employee!)).id)) as { post: FeedPost };
    expect((posted.post.data.gif as { title: string }).title).toBe("dogs3 GIF");
  });

  it("can't be posted where the app offers none, whatever the form sends", async () => {
    const withoutGifs = await createTestApp({ population: 0 });
    try {
      const { cookie } = await signInAs(withoutGifs.app, "acme", "employee");
      const request = requestTo("acme", "/compose", { method: "POST", body: new URLSearchParams([["text", "Sneaky"], ["key", newKey()], ["gif", "cats7"], ["gifTitle", "x"]]), cookie, headers: { Accept: "text/html" } });
      const response = (await settle(() => composeAction({ request, context: contextFor(withoutGifs.app, "acme"), params: {} } as never))) as Response;
      const { view } = (await response.json()) as { view: ComposerView };
      expect([response.status, view.errors.gif, view.draft.text]).toEqual([400, [GIFS_OFF], "Sneaky"]);
    } finally {
      await withoutGifs.close();
    }
  });
});

describe("edit and delete", () => {
  it("hides a reported post from its reporter only, until enough people report it to hold it for everyone", async () => {
    const id = await plainPost("employee", "Reported by some");
    await report(id, "manager");
    await report(id, "manager");
    const forOthers = ((await postView(id, "admin")) as { post: FeedPost }).post;
    expect([forOthers.status, forOthers.underReview, forOthers.canAddComment, forOthers.canReport]).toEqual(["PUBLISHED", false, true, true]);
    // The default threshold is 3 people; the same person's second report did not count.
    await report(id, "admin");
    expect(((await postView(id, "employee")) as { post: FeedPost }).post.underReview).toBe(false);
    // A third person, one of the synthetic employees who can sign in straight away.
    const third = await acme.selectFrom("employee").select("login_id").where("login_id", "like", "%.%").where("must_change_password", "=", false).orderBy("id").executeTakeFirstOrThrow();
    cookies.third = (await signInAs(testApp.app, "acme", third.login_id)).cookie;
    await report(id, "third");
    const held = ((await postView(id, "employee")) as { post: FeedPost }).post;
    expect([held.status, held.underReview, held.canAddComment]).toEqual(["FLAGGED", true, false]);

    // A comment the same way: hidden from its reporter, shown to the others.
    const other = await plainPost("employee", "Comment on me");
    await interact(other, "admin", [["intent", "comment"], ["text", "A remark"]]);
    const comment = ((await postView(other, "manager")) as { post: FeedPost }).post.comments[0]!;
    await report(other, "manager", comment.id);
    expect(((await postView(other, "manager")) as { post: FeedPost }).post.comments[0]!.underReview).toBe(true);
    expect(((await postView(other, "employee")) as { post: FeedPost }).post.comments[0]!.underReview).toBe(false);
  });

  it("lets the author edit and delete a post without points; others may only report it, which puts it under review", async () => {
    const id = await plainPost("employee", "First draft #draft", [["h", "draft"]]);
    const other = await interact(id, "manager", [["intent", "delete"]]);
    expect(other.status).toBe(403);
    const edit = await compose("employee", [["text", "Second draft"], ["key", newKey()], ["edit", String(id)]]);
    expect(edit.response.headers.get("Location")).toBe("/feed");
    const after = (await postView(id, "manager")) as { post: FeedPost };
    expect(after.post.data.text).toBe("Second draft");
    expect(after.post.edited).toBe(true);
    expect(after.post.hashtags).toEqual([]);
    expect(after.post.canReport).toBe(true);

    await report(id, "manager");
    const flagged = (await postView(id, "manager")) as { post: FeedPost };
    expect([flagged.post.status, flagged.post.underReview]).toEqual(["PUBLISHED", true]);
    expect([flagged.post.canAddComment, flagged.post.canAddLike, flagged.post.canReport]).toEqual([false, false, false]);

    const deleted = await interact(id, "employee", [["intent", "delete"]]);
    expect(deleted.headers.get("Location")).toBe("/feed");
    expect(await postView(id)).toEqual({ redirect: "/post/not-found" });
  });

  it("does not let another employee edit, nor the author edit a post with points mentions", async () => {
    const id = await plainPost("employee", "Mine");
    const stolen = await compose("manager", [["text", "Hijacked"], ["key", newKey()], ["edit", String(id)]]);
    expect(stolen.response.status).toBe(409);
    const pointed = await compose("manager", [["text", "Points"], ["key", newKey()], ["pm", String(ids.employee)], [`pts.${ids.employee}`, "1"], ["seenPoints", "1"]]);
    expect(pointed.response.headers.get("Location")).toBe("/feed");
    const pointedId = (await latestPostOf(ids.manager!)).id;
    const refused = await compose("manager", [["text", "Changed"], ["key", newKey()], ["edit", String(pointedId)]]);
    expect(refused.response.status).toBe(409);
  });
});

describe("reactions and comments", () => {
  it("keeps one reaction per person, changeable and removable, of the enabled types only", async () => {
    const id = await plainPost("employee", "React to me");
    await interact(id, "manager", [["intent", "react"], ["reaction", "2"]]);
    await interact(id, "manager", [["intent", "react"], ["reaction", "3"]]);
    let view = (await postView(id, "manager")) as { post: FeedPost };
    expect(view.post.reactions).toEqual({ counts: { 3: 1 }, total: 1, viewer: 3 });
    await interact(id, "manager", [["intent", "react"], ["reaction", "3"]]);
    view = (await postView(id, "manager")) as { post: FeedPost };
    expect(view.post.reactions.total).toBe(0);
    expect((await interact(id, "manager", [["intent", "react"], ["reaction", "9"]])).status).toBe(400);
  });

  it("lists who reacted on the post page, filtered by type (?reaction=), counting each enabled type", async () => {
    const id = await plainPost("employee", "Who reacted?");
    await interact(id, "manager", [["intent", "react"], ["reaction", "1"]]);
    await interact(id, "admin", [["intent", "react"], ["reaction", "2"]]);
    type WithReactors = { filter: number | null; reactors: { counts: { type: number; count: number }[]; people: { id: number; type: number }[] } };
    const all = (await postView(id)) as unknown as WithReactors;
    expect(all.filter).toBeNull();
    expect(all.reactors.counts).toEqual([1, 2, 3, 4, 5].map((type) => ({ type, count: type <= 2 ? 1 : 0 })));
    expect(all.reactors.people.map((person) => [person.id, person.type])).toEqual([[ids.admin, 2], [ids.manager, 1]]);
    const loved = (await run(postLoader, `/post/${id}?reaction=2`, "employee", undefined, { id: String(id) })).json() as Promise<WithReactors>;
    expect((await loved).reactors.people.map((person) => person.id)).toEqual([ids.admin]);
    const unknown = (await (await run(postLoader, `/post/${id}?reaction=9`, "employee", undefined, { id: String(id) })).json()) as WithReactors;
    expect(unknown.filter).toBeNull();
    // The lists are kept until the feed moves: a changed reaction shows at once, and each post keeps its own.
    await interact(id, "manager", [["intent", "react"], ["reaction", "3"]]);
    const changed = (await postView(id)) as unknown as WithReactors;
    expect(changed.reactors.people.map((person) => [person.id, person.type])).toEqual([[ids.admin, 2], [ids.manager, 3]]);
    const otherId = await plainPost("employee", "Nobody reacted");
    await postView(id);
    const other = (await postView(otherId)) as unknown as WithReactors;
    expect(other.reactors.people).toEqual([]);
  });

  it("keeps one comment per person (commenting again edits it), refuses 251 characters, and shows the 5 newest on the feed", async () => {
    const id = await plainPost("employee", "Comment on me");
    await interact(id, "manager", [["intent", "comment"], ["text", "Nice"]]);
    await interact(id, "manager", [["intent", "comment"], ["text", "Very nice"]]);
    const tooLong = await interact(id, "admin", [["intent", "comment"], ["text", "y".repeat(251)]]);
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { errors: Record<string, string[]> }).errors.text).toEqual(["A comment has at most 250 characters."]);
    const people = await acme.selectFrom("employee").select("id").where("id", "not in", [ids.employee!, ids.manager!]).limit(6).execute();
    for (const person of people) await acme.insertInto("post_comment", { post_id: id, employee_id: person.id, text: `From ${person.id}` }).execute();
    const full = (await postView(id, "employee")) as { post: FeedPost };
    expect(full.post.comments).toHaveLength(7);
    expect(full.post.comments.filter((c) => c.author.id === ids.manager).map((c) => c.text)).toEqual(["Very nice"]);
    const page = (await (await run(pageLoader, `/feed/page?cursor=${id + 1}`, "employee")).json()) as { posts: FeedPost[] };
    const onFeed = page.posts.find((post) => post.id === id)!;
    expect(onFeed.comments).toHaveLength(5);
    expect(onFeed.commentCount).toBe(7);
    expect(onFeed.comments.map((c) => c.id)).toEqual([...onFeed.comments.map((c) => c.id)].sort((a, b) => b - a));
  });
});

describe("amplify", () => {
  it("adds points to a points mention once per person, through the ledger, with the points-mention rules", async () => {
    await compose("manager", [["text", "Great work"], ["key", newKey()], ["pm", String(ids.employee)], [`pts.${ids.employee}`, "10"], ["seenPoints", "1"]]);
    const id = (await latestPostOf(ids.manager!)).id;
    const view = (await postView(id, "admin")) as { post: FeedPost };
    expect(view.post.canAmplify).toBe(true);
    const mention = view.post.mentions[0]!;
    for (const bad of ["1.5", "-3", "0"]) {
      const refused = await interact(id, "admin", [["intent", "amplify"], [`amp.${mention.id}`, bad]]);
      expect(((await refused.json()) as { errors: Record<string, string[]> }).errors[`amp.${mention.id}`]).toEqual([messages.pointsNotWhole]);
    }
    const before = await balanceOf(acme, { kind: "SHOPPING", employeeId: ids.employee! });
    await interact(id, "admin", [["intent", "amplify"], [`amp.${mention.id}`, "7"]]);
    await interact(id, "admin", [["intent", "amplify"], [`amp.${mention.id}`, "7"]]);
    expect(await balanceOf(acme, { kind: "SHOPPING", employeeId: ids.employee! })).toBe(before + 7);
    const after = (await postView(id, "employee")) as { post: FeedPost };
    expect(after.post.mentions[0]!.ampPoints).toBe(7);
    expect(after.post.canAmplify).toBe(false);
  });

  it("never lets a person amplify a mention of themselves: not offered, and skipped or refused when sent", async () => {
    await compose("admin", [["text", "Two of you"], ["key", newKey()], ["pm", String(ids.manager)], ["pm", String(ids.employee)], [`pts.${ids.manager}`, "50"], [`pts.${ids.employee}`, "25"], ["seenPoints", "1"]]);
    const id = (await latestPostOf(ids.admin!)).id;
    const view = (await postView(id, "manager")) as { post: FeedPost };
    const own = view.post.mentions.find((mention) => mention.person.id === ids.manager)!;
    const other = view.post.mentions.find((mention) => mention.person.id === ids.employee)!;
    expect([own.amplifiable, other.amplifiable]).toEqual([false, true]);
    expect(view.post.canAmplify).toBe(true);
    const before = await pointsSummary(acme, ids.manager!);
    const alone = await interact(id, "manager", [["intent", "amplify"], [`amp.${own.id}`, "5"]]);
    expect(alone.status).toBe(400);
    expect(((await alone.json()) as { errors: Record<string, string[]> }).errors.amp).toEqual(["Enter the points to add for at least one person."]);
    await interact(id, "manager", [["intent", "amplify"], [`amp.${own.id}`, "5"], [`amp.${other.id}`, "3"]]);
    expect(await pointsSummary(acme, ids.manager!)).toEqual({ ...before, discretionaryPointsAvailable: before.discretionaryPointsAvailable - 3 });
    expect(await acme.selectFrom("post_amp").select("id").where("mention_id", "=", own.id).execute()).toEqual([]);

    await compose("admin", [["text", "Just you"], ["key", newKey()], ["pm", String(ids.manager)], [`pts.${ids.manager}`, "5"], ["seenPoints", "1"]]);
    const sole = (await latestPostOf(ids.admin!)).id;
    expect(((await postView(sole, "manager")) as { post: FeedPost }).post.canAmplify).toBe(false);
  });
});

describe("what one person writes", () => {
  /** A form sent by `cookie`'s person under the program's own limits (its tenant file's). */
  async function underFileLimits(route: Route, path: string, cookie: string, fields: Fields, params: Record<string, string> = {}) {
    const request = requestTo("acme", path, { method: "POST", body: new URLSearchParams(fields), cookie, headers: { Accept: "text/html" } });
    return (await settle(() => (route as (args: unknown) => Promise<Response>)({ request, context: contextFor(testApp.app, "acme"), params }))) as Response;
  }
  const someone = async (offset: number) => {
    const person = await acme.selectFrom("employee").select(["id", "login_id"]).where("login_id", "like", "%.%").where("must_change_password", "=", false).orderBy("id").offset(offset).executeTakeFirstOrThrow();
    return { id: person.id, cookie: (await signInAs(testApp.app, "acme", person.login_id)).cookie };
  };

  it("is limited per minute: the eleventh post is refused with how long to wait, the draft kept", async () => {
    const writer = await someone(1);
    for (let i = 0; i < 10; i++) {
      const posted = await underFileLimits(composeAction, "/compose", writer.cookie, [["text", `Burst ${i}`], ["key", newKey()]]);
      expect(posted.headers.get("Location")).toBe("/feed");
    }
    const refused = await underFileLimits(composeAction, "/compose", writer.cookie, [["text", "One too many"], ["key", newKey()]]);
    const { view } = (await refused.json()) as { view: ComposerView };
    expect(refused.status).toBe(429);
    expect(view.errors.text![0]).toMatch(/^Too many posts\. Please try again in \d+ (seconds?|minutes?)\.$/);
    expect(view.draft.text).toBe("One too many");
  });

  it("names at most 25 people one by one in a post; a group's members, picked through it, do not count", async () => {
    const writer = await someone(2);
    const people = (await acme.selectFrom("employee").select("id").where("id", "!=", writer.id).where("login_id", "like", "%.%").orderBy("id").limit(26).execute()).map((row) => row.id);
    const oneByOne = await underFileLimits(composeAction, "/compose", writer.cookie, [["text", "Everyone"], ["key", newKey()], ...people.map((id): [string, string] => ["m", String(id)])]);
    expect(((await oneByOne.json()) as { view: ComposerView }).view.errors.mentions).toContain(messages.tooManyMentions);
    // The same 26 claimed through a group they are not in still count one by one.
    const group = (await acme.selectFrom("employee_group").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const outsiders = (await acme.selectFrom("employee").select("id").where("id", "!=", writer.id).where("id", "not in", acme.selectFrom("employee_group_member").select("employee_id").where("group_id", "=", group)).orderBy("id").limit(26).execute()).map((row) => row.id);
    const forged = await underFileLimits(composeAction, "/compose", writer.cookie, [["text", "Forged"], ["key", newKey()], ...outsiders.map((id): [string, string] => ["m", `${id}:g${group}`])]);
    expect(((await forged.json()) as { view: ComposerView }).view.errors.mentions).toContain(messages.tooManyMentions);
    const members = (await acme.selectFrom("employee_group_member").select("employee_id").where("group_id", "=", group).where("employee_id", "!=", writer.id).execute()).map((row) => row.employee_id);
    const throughGroup = await underFileLimits(composeAction, "/compose", writer.cookie, [["text", "The team"], ["key", newKey()], ...members.map((id): [string, string] => ["m", `${id}:g${group}`]), ...people.slice(0, 25).filter((id) => !members.includes(id)).map((id): [string, string] => ["m", String(id)])]);
    expect(throughGroup.headers.get("Location")).toBe("/feed");
  });

  it("is limited for reports too, as for comments and reactions", async () => {
    const writer = await someone(3);
    const posts: number[] = [];
    for (let i = 0; i < 6; i++) posts.push(await plainPost("admin", `Report target ${i}`));
    for (const id of posts.slice(0, 5)) expect((await underFileLimits(reportAction, `/post/${id}/report`, writer.cookie, [["reason", "SPAM"]], { id: String(id) })).status).toBe(302);
    const sixth = await underFileLimits(reportAction, `/post/${posts[5]}/report`, writer.cookie, [["reason", "SPAM"]], { id: String(posts[5]) });
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { error: Record<string, string[]> }).error[""]![0]).toMatch(/^Too many reports\./);
  });
});

describe("the feed", () => {
  it("pages 5 at a time by keyset, with no duplicates or gaps while others post", async () => {
    for (let i = 0; i < 7; i++) await plainPost("admin", `Paging ${i}`);
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const response = await run(pageLoader, `/feed/page${cursor ? `?cursor=${cursor}` : ""}`, "employee");
      const page = (await response.json()) as { posts: FeedPost[]; next: number | null };
      expect(page.posts.length).toBeLessThanOrEqual(5);
      seen.push(...page.posts.map((post) => post.id));
      if (cursor === null) await plainPost("manager", "Posted while paging");
      cursor = page.next;
    } while (cursor !== null);
    const all = await acme.selectFrom("feed_item").select("id").orderBy("id", "desc").execute();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(all.map((row) => row.id).filter((id) => id <= seen[0]!));
  });

  it("keeps a page only until something it draws changes, wherever the change comes from; each viewer's own part stays theirs", async () => {
    const id = await plainPost("admin", "Kept for a while");
    const firstPage = async (who: string) => ((await (await run(pageLoader, "/feed/page", who)).json()) as { posts: FeedPost[] }).posts.find((post) => post.id === id)!;
    expect((await firstPage("employee")).reactions.total).toBe(0);
    // Changes made beside the feed's own actions (another plugin, an import, another process): straight to the tables.
    await acme.insertInto("post_reaction", { post_id: id, employee_id: ids.employee!, reaction_type: 2 }).execute();
    const reacted = await firstPage("employee");
    expect(reacted.reactions).toEqual({ counts: { 2: 1 }, total: 1, viewer: 2 });
    expect((await firstPage("manager")).reactions).toEqual({ counts: { 2: 1 }, total: 1, viewer: null });
    const { display_name } = await acme.selectFrom("employee").select("display_name").where("id", "=", ids.admin!).executeTakeFirstOrThrow();
    await acme.updateTable("employee").set({ display_name: "Renamed Admin" }).where("id", "=", ids.admin!).execute();
    expect((await firstPage("manager")).author?.displayName).toBe("Renamed Admin");
    await acme.updateTable("employee").set({ display_name }).where("id", "=", ids.admin!).execute();
    await acme.insertInto("post_comment", { post_id: id, employee_id: ids.manager!, text: "Seen on the kept page" }).execute();
    const commented = await firstPage("manager");
    expect([commented.commentCount, commented.viewerComment?.text]).toEqual([1, "Seen on the kept page"]);
    expect((await firstPage("employee")).viewerComment).toBeNull();
    // A report, made and then decided: the reporter's own part of the page follows both, no one else's changes.
    await acme.insertInto("post_report", { post_id: id, employee_id: ids.manager!, reason: "SPAM" }).execute();
    expect([(await firstPage("manager")).underReview, (await firstPage("employee")).underReview]).toEqual([true, false]);
    await acme.updateTable("post_report").set({ status: "closed", closed_at: new Date() }).where("post_id", "=", id).execute();
    expect((await firstPage("manager")).underReview).toBe(false);
  });

  it("keeps each viewer's own part of a page across a colleague's reaction made elsewhere, and reads it again at their own", async () => {
    const id = await plainPost("admin", "Own parts kept");
    const mine = async () => ((await (await run(pageLoader, "/feed/page", "employee")).json()) as { posts: FeedPost[] }).posts.find((post) => post.id === id)!.reactions;
    await acme.insertInto("post_reaction", { post_id: id, employee_id: ids.employee!, reaction_type: 2 }).execute();
    expect(await mine()).toEqual({ counts: { 2: 1 }, total: 1, viewer: 2 });
    // The viewer's reaction changed with the triggers off: nothing moves, so only a part read again would show it.
    await crossProgramDb(testApp.app.database)
      .transaction()
      .execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await trx.updateTable("post_reaction").set({ reaction_type: 3 }).where("post_id", "=", id).where("employee_id", "=", ids.employee!).execute();
      });
    // A colleague's reaction past this process's handle (another process's): heard, the counts are read again, the viewer's own part is not.
    await crossProgramDb(testApp.app.database).insertInto("post_reaction").values({ program_id: acme.programId, post_id: id, employee_id: ids.manager!, reaction_type: 1 }).execute();
    const afterColleague = await eventually(mine, (reactions) => reactions.total === 2, 5);
    expect(afterColleague).toEqual({ counts: { 1: 1, 3: 1 }, total: 2, viewer: 2 });
    await crossProgramDb(testApp.app.database).updateTable("post_reaction").set({ reaction_type: 4 }).where("post_id", "=", id).where("employee_id", "=", ids.employee!).execute();
    expect((await eventually(mine, (reactions) => reactions.viewer === 4, 5)).counts).toEqual({ 1: 1, 4: 1 });
  });

  it("moves the activity's version, not the feed's, at a reaction, a score or a report; the counts, who reacted and the leaderboard follow it and a name's change", async () => {
    const id = await plainPost("admin", "Two versions");
    const versions = async () => [await acme.changeVersion("moments_feed"), await acme.changeVersion("moments_activity")];
    const [feed, activity] = await versions();
    await acme.insertInto("post_reaction", { post_id: id, employee_id: ids.employee!, reaction_type: 4 }).execute();
    const [feedAfterReaction, activityAfterReaction] = await versions();
    expect([feedAfterReaction, activityAfterReaction !== activity]).toEqual([feed, true]);
    await countActivity(acme, tenantOf(testApp.app, "acme").config.program.timeZone, [{ employeeId: ids.employee!, at: new Date(), delta: 1 }]);
    const [feedAfterScore, activityAfterScore] = await versions();
    expect([feedAfterScore, activityAfterScore !== activityAfterReaction]).toEqual([feed, true]);
    await acme.insertInto("post_report", { post_id: id, employee_id: ids.manager!, reason: "OTHER" }).execute();
    const [feedAfterReport, activityAfterReport] = await versions();
    expect([feedAfterReport, activityAfterReport !== activityAfterScore]).toEqual([feed, true]);
    await acme.insertInto("post_comment", { post_id: id, employee_id: ids.manager!, text: "Moves the feed" }).execute();
    expect((await versions())[0]).not.toBe(feed);

    type Board = { top: { id: number; firstName: string }[]; own: { id: number; firstName: string } | null };
    const board = async () => (await (await run(leaderboardLoader, "/leaderboard", "employee")).json()) as Board;
    const ownRow = async () => {
      const { top, own } = await board();
      return [...top, ...(own ? [own] : [])].find((row) => row.id === ids.employee)?.firstName;
    };
    type WithReactors = { reactors: { people: { id: number; firstName: string }[] } };
    const reactor = async () => ((await postView(id)) as unknown as WithReactors).reactors.people.find((person) => person.id === ids.employee)?.firstName;
    const { first_name } = await acme.selectFrom("employee").select("first_name").where("id", "=", ids.employee!).executeTakeFirstOrThrow();
    expect([await ownRow(), await reactor()]).toEqual([first_name, first_name]);
    // A name is the feed's (its authors), and the leaderboard's and the reactor lists' too, kept under both versions.
    await acme.updateTable("employee").set({ first_name: "Renamed" }).where("id", "=", ids.employee!).execute();
    expect([await ownRow(), await reactor()]).toEqual(["Renamed", "Renamed"]);
    await acme.updateTable("employee").set({ first_name }).where("id", "=", ids.employee!).execute();
  });

  it("neither reads nor keeps people's job titles, so a new title leaves the feed's version where a new name moves it", async () => {
    const id = await plainPost("admin", "Titles unseen");
    const { post } = (await postView(id)) as { post: FeedPost };
    expect(post.author).toEqual({ id: ids.admin, displayName: expect.any(String), firstName: expect.any(String), lastName: expect.any(String), avatarUrl: null });
    expect(await versionMovesAt(acme, "moments_feed", ids.admin!, { job_title: "Chief Kudos Officer" })).toBe(false);
    expect(await versionMovesAt(acme, "moments_feed", ids.admin!, { display_name: "Renamed Admin" })).toBe(true);
  });

  it("hides comments and reactions when the feed config switches them off", async () => {
    const context = contextFor(testApp.app, "acme");
    const id = await plainPost("employee", "Config");
    context.tenant = { ...context.tenant, config: { ...context.tenant.config, features: { ...context.tenant.config.features, moments: { enabled: true, postTypes: { userGenerated: { commentsEnabled: false, likesEnabled: false } } } } } };
    const request = requestTo("acme", `/post/${id}`, { cookie: cookies.manager });
    const view = (await (await postLoader({ request, context, params: { id: String(id) } })).json()) as { post: FeedPost };
    expect([view.post.canAddComment, view.post.canAddLike]).toEqual([false, false]);
  });
});

describe("programs never see each other's posts", () => {
  it("answers another program's post id as not found, for every page and action", async () => {
    const id = await plainPost("employee", "Acme only");
    expect(await postView(id, "globex", "globex")).toEqual({ redirect: "/post/not-found" });
    for (const intent of ["react", "comment", "delete", "amplify"]) {
      const response = await run(postAction, `/post/${id}`, "globex", [["intent", intent], ["reaction", "1"], ["text", "x"]], { id: String(id) }, "globex");
      expect(response.headers.get("Location")).toBe("/post/not-found");
    }
    const reported = await run(reportAction, `/post/${id}/report`, "globex", [["reason", "SPAM"]], { id: String(id) }, "globex");
    expect(reported.headers.get("Location")).toBe("/post/not-found");
    const edit = await run(composeAction, "/compose", "globex", [["text", "x"], ["key", newKey()], ["edit", String(id)]], {}, "globex");
    expect(edit.status).toBe(409);
    const page = (await (await run(pageLoader, "/feed/page", "globex", undefined, {}, "globex")).json()) as { posts: FeedPost[] };
    expect(page.posts.map((post) => post.id)).not.toContain(id);
    const view = (await postView(id)) as { post: FeedPost };
    expect(view.post.reactions.total).toBe(0);
  });
});

describe("points under concurrency", () => {
  itRaces("conserves points when one giver sends 50 points mentions at once, never going below zero", async () => {
    const giver = ids.admin!;
    const balance = await balanceOf(acme, { kind: "DISCRETIONARY", employeeId: giver });
    if (balance > 0) {
      await transfer(acme, { idempotencyKey: `drain-${Date.now()}`, kind: "ADJUSTMENT", amount: balance, reason: "test", actorId: null, from: { kind: "DISCRETIONARY", employeeId: giver } });
    }
    await transfer(acme, { idempotencyKey: `fund-${Date.now()}`, kind: "ADJUSTMENT", amount: 300, reason: "test", actorId: null, to: { kind: "DISCRETIONARY", employeeId: giver } });
    const receiverBefore = await balanceOf(acme, { kind: "SHOPPING", employeeId: ids.employee! });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => compose("admin", [["text", `Race ${i}`], ["key", newKey()], ["pm", String(ids.employee)], [`pts.${ids.employee}`, "10"], ["seenPoints", "1"]])),
    );
    const posted = results.filter((result) => result.response.headers.get("Location") === "/feed").length;
    expect(posted).toBe(30);
    expect(await balanceOf(acme, { kind: "DISCRETIONARY", employeeId: giver })).toBe(300 - posted * 10);
    expect(await balanceOf(acme, { kind: "SHOPPING", employeeId: ids.employee! })).toBe(receiverBefore + posted * 10);
  }, 60_000);

  itRaces("conserves points when one giver amplifies 50 posts at once, and amplifies a mention once however often the form is sent", async () => {
    // Fifty posts by Alex, each giving Emery a point.
    await transfer(acme, { idempotencyKey: `amp-posts-${Date.now()}`, kind: "ADJUSTMENT", amount: 50, reason: "test", actorId: null, to: { kind: "DISCRETIONARY", employeeId: ids.admin! } });
    const posts: number[] = [];
    for (let i = 0; i < 50; i++) {
      const { response } = await compose("admin", [["text", `Amplify race ${i}`], ["key", newKey()], ["pm", String(ids.employee)], [`pts.${ids.employee}`, "1"], ["seenPoints", "1"]]);
      expect(response.headers.get("Location")).toBe("/feed");
      posts.push((await latestPostOf(ids.admin!)).id);
    }
    expect(new Set(posts).size).toBe(50);
    const mentions = await Promise.all(posts.map(async (id) => ((await postView(id, "manager")) as { post: FeedPost }).post.mentions[0]!.id));
    const giver = ids.manager!;
    const balance = await balanceOf(acme, { kind: "DISCRETIONARY", employeeId: giver });
    await transfer(acme, { idempotencyKey: `amp-drain-${Date.now()}`, kind: "ADJUSTMENT", amount: balance - 100, reason: "test", actorId: null, from: { kind: "DISCRETIONARY", employeeId: giver } });
    const receiverBefore = await balanceOf(acme, { kind: "SHOPPING", employeeId: ids.employee! });

    const answers = await Promise.all(posts.map((id, i) => interact(id, "manager", [["intent", "amplify"], [`amp.${mentions[i]}`, "10"]])));
    const given = answers.filter((answer) => answer.headers.get("Location") !== null).length;
    expect(given).toBe(10);
    expect(await balanceOf(acme, { kind: "DISCRETIONARY", employeeId: giver })).toBe(0);
    expect(await balanceOf(acme, { kind: "SHOPPING", employeeId: ids.employee! })).toBe(receiverBefore + 100);

    // The same form, sent ten times at once by someone with points to spare, gives once.
    await transfer(acme, { idempotencyKey: `amp-fund-${Date.now()}`, kind: "ADJUSTMENT", amount: 100, reason: "test", actorId: null, to: { kind: "DISCRETIONARY", employeeId: giver } });
    const open = posts.find((_, i) => answers[i]!.headers.get("Location") === null)!;
    const openMention = mentions[posts.indexOf(open)]!;
    await Promise.all(Array.from({ length: 10 }, () => interact(open, "manager", [["intent", "amplify"], [`amp.${openMention}`, "5"]])));
    expect(await balanceOf(acme, { kind: "DISCRETIONARY", employeeId: giver })).toBe(95);
    expect(await balanceOf(acme, { kind: "SHOPPING", employeeId: ids.employee! })).toBe(receiverBefore + 105);
  }, 120_000);
});
