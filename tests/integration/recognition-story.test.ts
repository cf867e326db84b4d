import type { AppLoadContext } from "@remix-run/node";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { transfer } from "~/modules/points/ledger.server";
import { lastMonths, recognitionStory } from "~/modules/profile/story.server";
import { loader as storyLoader } from "~/routes/profile_.$id.story";
import { contextFor, createTestApp, keptAccessIn, requestTo, settle, tenantOf, signInPeople, type TestApp } from "../setup/test-app";

let testApp: TestApp;
let acme: ProgramDb;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};
// Acme's days are New York's: 03:00 UTC on 1 March is still 28 February there.
const NOW = new Date("2026-11-20T15:00:00Z");

beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
  acme = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
  const people = await signInPeople(testApp.app, "acme");
  Object.assign(ids, people.ids);
  Object.assign(cookies, people.cookies);
  // Points to give for each giver, entering the program (no actor: no one's recognition).
  for (const giver of ["admin", "manager", "employee"]) {
    await transfer(acme, { idempotencyKey: `story:fund:${giver}`, kind: "BUCKET_DEPOSIT", amount: 1_000, reason: "Points to give", actorId: null, to: { kind: "DISCRETIONARY", employeeId: ids[giver]! } });
  }
  const give = async (key: string, from: string, to: string, amount: number, at: string) => {
    const { transferId } = await transfer(acme, { idempotencyKey: `story:${key}`, kind: "DISCRETIONARY_GRANT", amount, reason: "Thanks", actorId: ids[from]!, from: { kind: "DISCRETIONARY", employeeId: ids[from]! }, to: { kind: "SHOPPING", employeeId: ids[to]! } });
    // Entries are never changed by the app (the type says so): only this test moves them in time.
    await acme.updateTable("points_entry").set({ created_at: sql`${new Date(at)}` } as never).where("transfer_id", "=", transferId).execute();
  };
  await give("a", "admin", "employee", 50, "2026-03-01T03:00:00Z");
  await give("b", "admin", "employee", 20, "2026-11-02T12:00:00Z");
  await give("c", "manager", "employee", 100, "2026-11-03T12:00:00Z");
  await give("d", "employee", "manager", 10, "2026-10-15T12:00:00Z");
  await give("e", "manager", "admin", 5, "2025-06-01T12:00:00Z");
  // Only this test's wall items (not the demo's, made today), at days of its choosing.
  await acme.deleteFrom("wall_item").where("employee_id", "=", ids.employee!).execute();
  const [kind] = testApp.app.registry.wallItemKinds(tenantOf(testApp.app, "acme").config);
  await acme
    .insertInto("wall_item", [
      { employee_id: ids.employee!, item_type: kind!.itemType, foreign_id: "story-1", data: JSON.stringify({}), created_at: new Date("2026-11-05T12:00:00Z") },
      { employee_id: ids.employee!, item_type: kind!.itemType, foreign_id: "story-2", data: JSON.stringify({}), created_at: new Date("2025-12-31T12:00:00Z") },
    ])
    .execute();
});
afterAll(() => testApp.close());

const story = async (who: string) => recognitionStory(await keptAccessIn(testApp.app, "acme", "admin"), testApp.app.registry, tenantOf(testApp.app, "acme").config, ids[who]!, NOW);

describe("a person's recognition story", () => {
  it("counts what reached the wall and the points given and received, by month and year in the program's time zone", async () => {
    const told = await story("employee");
    expect(told.months.map((month) => month.month)).toEqual(lastMonths(NOW, "America/New_York"));
    expect(told.months.at(-1)).toEqual({ month: "2026-11", received: 1, pointsReceived: 120, pointsGiven: 0 });
    expect(told.months.find((month) => month.month === "2026-10")).toEqual({ month: "2026-10", received: 0, pointsReceived: 0, pointsGiven: 10 });
    expect(told.months.find((month) => month.month === "2026-02")).toMatchObject({ pointsReceived: 50 });
    expect(told.months.find((month) => month.month === "2026-03")).toMatchObject({ pointsReceived: 0 });
    expect(told.years.map((year) => [year.year, year.received, year.pointsReceived, year.pointsGiven])).toEqual([
      ["2026", 1, 170, 10],
      ["2025", 1, 0, 0],
    ]);
    expect(told.total).toEqual({ received: 2, pointsReceived: 170, pointsGiven: 10 });
  });

  it("names who recognised the person most (how often, then how much) and whom they recognised", async () => {
    const told = await story("employee");
    expect(told.topRecognisers.map((entry) => [entry.person.displayName, entry.times, entry.points])).toEqual([
      ["Alex Admin", 2, 70],
      ["Morgan Manager", 1, 100],
    ]);
    expect(told.recognisedMost.map((entry) => [entry.person.displayName, entry.points])).toEqual([["Morgan Manager", 10]]);
  });

  it("is kept with the viewer's version (decision 111): a new wall item and a recogniser's new name move it", async () => {
    const before = await story("employee");
    const [kind] = testApp.app.registry.wallItemKinds(tenantOf(testApp.app, "acme").config);
    await acme.insertInto("wall_item", { employee_id: ids.employee!, item_type: kind!.itemType, foreign_id: "story-kept", data: JSON.stringify({}), created_at: new Date("2026-11-06T12:00:00Z") }).execute();
    try {
      expect((await story("employee")).total.received).toBe(before.total.received + 1);
      await acme.updateTable("employee").set({ display_name: "Alex A. Admin" }).where("id", "=", ids.admin!).execute();
      expect((await story("employee")).topRecognisers[0]!.person.displayName).toBe("Alex A. Admin");
    } finally {
      await acme.deleteFrom("wall_item").where("foreign_id", "=", "story-kept").execute();
      await acme.updateTable("employee").set({ display_name: "Alex Admin" }).where("id", "=", ids.admin!).execute();
    }
  });

  it("is read within its program only", async () => {
    const told = await recognitionStory(await keptAccessIn(testApp.app, "globex", "admin"), testApp.app.registry, tenantOf(testApp.app, "globex").config, ids.employee!, NOW);
    expect(told.total).toEqual({ received: 0, pointsReceived: 0, pointsGiven: 0 });
    expect(told.topRecognisers).toEqual([]);
  });
});

describe("/profile/{id}/story", () => {
  function acmeWith(storyEnabled: boolean): AppLoadContext {
    const context = contextFor(testApp.app, "acme");
    const { config } = context.tenant;
    return { ...context, tenant: { ...context.tenant, config: { ...config, siteConfig: { ...config.siteConfig, myRecognitionStoryEnabled: storyEnabled } } } };
  }
  const read = async (viewer: string, person: string, enabled = true) =>
    (await settle(() => storyLoader({ request: requestTo("acme", `/profile/${ids[person]}/story`, { cookie: cookies[viewer] }), context: acmeWith(enabled), params: { id: String(ids[person]) } }))) as Response;

  it("is the program's to offer (myRecognitionStoryEnabled)", async () => {
    expect((await read("employee", "employee", false)).headers.get("Location")).toBe("/feed");
  });

  it("is seen by whoever may see the person's timeline: kept to 'Only Me and My Manager', a colleague reads only that", async () => {
    await acme.updateTable("employee").set({ preferences: JSON.stringify({ myTimelineEnabled: false }) }).where("id", "=", ids.employee!).execute();
    try {
      expect(await (await read("admin", "employee")).json()).toMatchObject({ title: "Emery Employee's recognition story", story: null });
      expect(((await (await read("manager", "employee")).json()) as { story: { total: unknown } }).story.total).toMatchObject({ pointsReceived: expect.any(Number) });
      expect(await (await read("employee", "employee")).json()).toMatchObject({ title: "Your recognition story", own: true });
    } finally {
      await acme.updateTable("employee").set({ preferences: JSON.stringify({}) }).where("id", "=", ids.employee!).execute();
    }
    expect(((await (await read("admin", "employee")).json()) as { story: unknown }).story).not.toBeNull();
  });
});
