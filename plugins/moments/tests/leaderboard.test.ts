import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { createTestApp, tenantOf, type TestApp } from "../../../tests/setup/test-app";
import type { FeedPost } from "../feed.server";
import { deleteComment, react, saveComment } from "../interactions.server";
import { leaderboardTips } from "../leaderboard";
import { countActivity, leaderboard, type Keep } from "../leaderboard.server";
import { createPost, deletePost } from "../posts.server";

let testApp: TestApp;
let tenant: Tenant;
let acme: ProgramDb;
let people: { id: number; display_name: string }[];
let zone: string;
let keys = 0;

beforeAll(async () => {
  testApp = await createTestApp({ population: 12 });
  tenant = tenantOf(testApp.app, "acme");
  zone = tenant.config.program.timeZone;
  acme = testApp.app.database.forProgram(tenant.programId);
  // A clean slate: the demo posts' scores are not this test's.
  await acme.deleteFrom("moments_score").execute();
  people = await acme.selectFrom("employee").select(["id", "display_name"]).where("active", "=", true).orderBy("id").limit(9).execute();
});
afterAll(() => testApp.close());

const actor = (index: number) => ({ id: people[index]!.id, displayName: people[index]!.display_name });
const services = () => ({ app: testApp.app, tenant, db: acme });
const post = (id: number, authorId: number) => ({ id, author: { id: authorId }, mentions: [] }) as unknown as FeedPost;

async function scoreOf(index: number, range: "MONTH" | "YEAR" = "MONTH") {
  const board = await leaderboard(acme, zone, range, people[index]!.id);
  return [...board.top, ...(board.own ? [board.own] : [])].find((row) => row.id === people[index]!.id)?.score ?? 0;
}

describe("the Moments leaderboard", () => {
  it("scores a point for each post, reaction, comment and amplify, and takes it back when removed or deleted", async () => {
    const author = actor(0);
    const { id } = await createPost(testApp.app, tenant, acme, author, { text: "Scored", hashtags: [], mentions: [], picture: null, video: null, link: null, gif: null, key: `lb-${++keys}`, editing: null, mentionedOneByOne: 0, mentionsAllStaff: false });
    expect(await scoreOf(0)).toBe(1);

    await react(services(), post(id, author.id), actor(1), 2);
    await react(services(), post(id, author.id), actor(1), 3);
    expect(await scoreOf(1)).toBe(1);
    await react(services(), post(id, author.id), actor(1), null);
    expect(await scoreOf(1)).toBe(0);

    await saveComment(services(), post(id, author.id), actor(2), "Nice");
    await saveComment(services(), post(id, author.id), actor(2), "Nice, edited");
    expect(await scoreOf(2)).toBe(1);
    const comment = await acme.selectFrom("post_comment").select("id").where("post_id", "=", id).executeTakeFirstOrThrow();
    expect(await deleteComment(acme, zone, id, comment.id, actor(2).id)).toBe(true);
    expect(await scoreOf(2)).toBe(0);

    await react(services(), post(id, author.id), actor(3), 1);
    await saveComment(services(), post(id, author.id), actor(3), "Again");
    expect(await scoreOf(3)).toBe(2);
    expect(await deletePost(acme, zone, id, author.id)).toBe(true);
    expect(await scoreOf(0)).toBe(0);
    expect(await scoreOf(3)).toBe(0);
  });

  it("ranks the month or the year so far, shows the top five and the viewer's own rank apart, and leaves out people hidden from the feed", async () => {
    await acme.deleteFrom("moments_score").execute();
    const now = new Date("2026-11-20T12:00:00Z");
    const earlierThisYear = new Date("2026-03-10T12:00:00Z");
    const lastYear = new Date("2025-11-20T12:00:00Z");
    // people[i] scores 9 - i this month; people[8] also scored earlier this year (yearly only) and last year (never).
    await countActivity(
      acme,
      zone,
      people.flatMap((person, index) => Array.from({ length: 9 - index }, () => ({ employeeId: person.id, at: now, delta: 1 as const }))),
    );
    await countActivity(acme, zone, Array.from({ length: 20 }, () => ({ employeeId: people[8]!.id, at: earlierThisYear, delta: 1 as const })));
    await countActivity(acme, zone, Array.from({ length: 50 }, () => ({ employeeId: people[7]!.id, at: lastYear, delta: 1 as const })));

    const monthly = await leaderboard(acme, zone, "MONTH", people[6]!.id, now);
    expect(monthly.top.map((row) => [row.rank, row.id, row.score])).toEqual(people.slice(0, 5).map((person, index) => [index + 1, person.id, 9 - index]));
    expect(monthly.own).toMatchObject({ id: people[6]!.id, rank: 7, score: 3 });
    expect((await leaderboard(acme, zone, "MONTH", people[1]!.id, now)).own).toBeNull();
    // Kept in one memory (as the feed keeps them), the top is shared and each viewer's own row stays theirs.
    const memory = new Map<string, Promise<unknown>>();
    const inMemory: Keep = (key, read) => {
      if (!memory.has(key)) memory.set(key, read());
      return memory.get(key) as ReturnType<typeof read>;
    };
    expect((await leaderboard(acme, zone, "MONTH", people[6]!.id, now, { top: inMemory, own: inMemory })).own).toMatchObject({ id: people[6]!.id, rank: 7 });
    expect((await leaderboard(acme, zone, "MONTH", people[7]!.id, now, { top: inMemory, own: inMemory })).own).toMatchObject({ id: people[7]!.id, rank: 8 });
    expect(memory.size).toBe(3);

    const yearly = await leaderboard(acme, zone, "YEAR", people[7]!.id, now);
    expect(yearly.top[0]).toMatchObject({ id: people[8]!.id, rank: 1, score: 21 });
    expect(yearly.own).toMatchObject({ id: people[7]!.id, score: 2 });

    await acme.updateTable("employee").set({ preferences: JSON.stringify({ hideFromMomentsFeed: true }) }).where("id", "=", people[0]!.id).execute();
    const withoutHidden = await leaderboard(acme, zone, "MONTH", people[6]!.id, now);
    expect(withoutHidden.top[0]).toMatchObject({ id: people[1]!.id, rank: 1 });
    expect(withoutHidden.own).toMatchObject({ rank: 6 });
    await acme.updateTable("employee").set({ preferences: JSON.stringify({}) }).where("id", "=", people[0]!.id).execute();
  });

  it("counts only another program's own scores", async () => {
    const globex = testApp.app.database.forProgram(tenantOf(testApp.app, "globex").programId);
    const board = await leaderboard(globex, zone, "YEAR", 0);
    const acmeIds = new Set(people.map((person) => person.id));
    expect(board.top.some((row) => acmeIds.has(row.id))).toBe(false);
  });

  it("gives tips for what this viewer can do and what the program enables", () => {
    const all = { canPost: true, canRespond: true, canGivePoints: true, likesEnabled: true, commentsEnabled: true, ampsEnabled: true };
    expect(leaderboardTips(all)).toHaveLength(4);
    expect(leaderboardTips({ ...all, canRespond: false })).toEqual(["Post a moment to recognize a colleague: every post scores a point."]);
    expect(leaderboardTips({ ...all, canGivePoints: false, commentsEnabled: false })).toEqual([
      "Post a moment to recognize a colleague: every post scores a point.",
      "React to your colleagues' posts: every reaction scores a point.",
    ]);
    expect(leaderboardTips({ ...all, canPost: false, canRespond: false })).toEqual([]);
  });
});
