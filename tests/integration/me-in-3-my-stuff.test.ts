import type { AppLoadContext } from "@remix-run/node";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { MY_STUFF_MAX, type ProfileCategories } from "~/modules/profile/categories";
import { meIn3Of } from "~/modules/profile/me-in-3.server";
import { MY_STUFF_FULL } from "~/modules/profile/my-stuff.server";
import { sharedWithManagerOnly } from "~/modules/people/privacy";
import { action as meIn3Action, loader as meIn3Loader } from "~/routes/profile.me-in-3";
import { action as myStuffAction, loader as myStuffLoader } from "~/routes/profile.my-stuff";
import { loader as profileLoader } from "~/routes/profile.$id";
import { action as categoriesAction, loader as categoriesLoader } from "~/routes/program-settings_.profile";
import { itRaces } from "../setup/races";
import { contextFor, createTestApp, effectiveContextFor, formPost, requestTo, settle, tenantOf, signInPeople, type TestApp } from "../setup/test-app";

let testApp: TestApp;
let acme: ProgramDb;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp({ population: 3 });
  acme = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
  const people = await signInPeople(testApp.app, "acme");
  Object.assign(ids, people.ids);
  Object.assign(cookies, people.cookies);
});
afterAll(() => testApp.close());

type Route = (args: never) => Promise<unknown>;

/** Acme with Me In 3 and My Stuff offered (or not), and its categories as saved. */
function acmeWith(offered = true): AppLoadContext {
  const context = contextFor(testApp.app, "acme");
  const { config } = context.tenant;
  return { ...context, tenant: { ...context.tenant, config: { ...config, siteConfig: { ...config.siteConfig, meIn3Enabled: offered, myStuffEnabled: offered } } } };
}

async function run(route: Route, path: string, cookie: string, { fields, body, params = {}, context = acmeWith() }: { fields?: Record<string, string>; body?: FormData; params?: Record<string, string>; context?: AppLoadContext } = {}) {
  const request = body ? requestTo("acme", path, { method: "POST", body, cookie }) : fields ? formPost("acme", path, fields, cookie) : requestTo("acme", path, { cookie });
  return (await settle(() => (route as (args: unknown) => Promise<Response>)({ request, context, params }))) as Response;
}

const photo = async (width = 1200, height = 800) => new Blob([new Uint8Array(await sharp({ create: { width, height, channels: 3, background: "#cc6633" } }).jpeg().toBuffer())], { type: "image/jpeg" });

async function upload(who: string, fields: Record<string, string>, picture?: Blob) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (picture) body.set("picture", picture, "holiday.jpg");
  return run(meIn3Action, "/profile/me-in-3", cookies[who]!, { body });
}

const picturesOf = async (who: string) =>
  acme.selectFrom("me_in_3_picture as p").innerJoin("asset", "asset.id", "p.asset_id").select(["p.slot", "p.category_id", "p.caption", "asset.id", "asset.width", "asset.height"]).where("p.employee_id", "=", ids[who]!).orderBy("p.slot").execute();

type Profile = { meIn3: { shown: { slot: number; category: string; caption: string }[] | null } | null; myStuff: { shown: { category: string; things: { name: string }[] }[] | null } | null };
const profileSeenBy = async (viewer: string, person: string, context = acmeWith()) => (await (await run(profileLoader, `/profile/${ids[person]}`, cookies[viewer]!, { params: { id: String(ids[person]) }, context })).json()) as Profile;

describe("Me In 3", () => {
  it("is the program's to offer: without meIn3Enabled its page goes to the feed and the profile has no section", async () => {
    expect((await run(meIn3Loader, "/profile/me-in-3", cookies.employee!, { context: acmeWith(false) })).headers.get("Location")).toBe("/feed");
    expect((await profileSeenBy("employee", "employee", acmeWith(false))).meIn3).toBeNull();
  });

  it("refuses a category the program does not show and a first picture without a file, beside their fields, keeping what was typed", async () => {
    const unknown = await upload("employee", { slot: "1", category: "yachts", caption: "On the water" }, await photo());
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ slot: 1, errors: { category: ["Choose one of the categories listed."] }, typed: { category: "yachts", caption: "On the water" } });
    const noFile = await upload("employee", { slot: "1", category: "family", caption: "Sunday lunch" });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as { errors: Record<string, string[]> }).errors).toEqual({ picture: ["Choose a picture."] });
    const long = await upload("employee", { slot: "2", category: "family", caption: "x".repeat(151) }, await photo());
    expect(((await long.json()) as { errors: Record<string, string[]> }).errors.caption).toEqual(["The caption has at most 150 characters."]);
    expect(await picturesOf("employee")).toEqual([]);
  });

  it("crops to 16:19 at 640 by 760: the cropper's area, or the centre and then a framing step only its uploader may use", async () => {
    const cropped = await upload("employee", { slot: "1", category: "family", caption: "Sunday lunch", x: "100", y: "0", width: "640", height: "760" }, await photo(1200, 900));
    expect(cropped.headers.get("Location")).toBe("/profile/me-in-3");
    expect(await picturesOf("employee")).toMatchObject([{ slot: 1, category_id: "family", caption: "Sunday lunch", width: 640, height: 760 }]);
    const square = await upload("employee", { slot: "3", category: "pet", caption: "", x: "0", y: "0", width: "500", height: "500" }, await photo());
    expect(square.status).toBe(400);

    const centred = await upload("employee", { slot: "2", category: "hobby", caption: "Climbing" }, await photo(2400, 600));
    const step = centred.headers.get("Location")!;
    expect(step).toMatch(/^\/profile\/me-in-3\?slot=2&original=[0-9a-f-]{36}$/);
    const original = new URL(step, "http://x").searchParams.get("original")!;
    const page = (await (await run(meIn3Loader, step, cookies.employee!)).json()) as { framing: { slot: number; width: number; height: number; crop: { width: number; height: number } } };
    // The original is kept at most 1920 wide, as every picture is.
    expect(page.framing).toMatchObject({ slot: 2, width: 1920, height: 480, crop: { width: 404, height: 480 } });
    const before = (await picturesOf("employee")).find((picture) => picture.slot === 2)!;

    const stranger = await run(meIn3Action, "/profile/me-in-3", cookies.manager!, { fields: { intent: "crop", slot: "2", original, x: "0", y: "0", width: "320" } });
    expect(stranger.headers.get("Location")).toBe(`/profile/me-in-3?slot=2&original=${original}`);
    const framed = await run(meIn3Action, "/profile/me-in-3", cookies.employee!, { fields: { intent: "crop", slot: "2", original, x: "0", y: "0", width: "320" } });
    expect(framed.headers.get("Location")).toBe("/profile/me-in-3");
    const after = (await picturesOf("employee")).find((picture) => picture.slot === 2)!;
    expect(after.id).not.toBe(before.id);
    expect(after).toMatchObject({ width: 640, height: 760, caption: "Climbing" });
  });

  it("changes a caption without a new picture, replaces a picture, and removes one", async () => {
    await upload("admin", { slot: "1", category: "place", caption: "Lisbon" }, await photo());
    const [first] = await picturesOf("admin");
    await upload("admin", { slot: "1", category: "place", caption: "Lisbon in May" });
    expect(await picturesOf("admin")).toMatchObject([{ id: first!.id, caption: "Lisbon in May" }]);
    await upload("admin", { slot: "1", category: "proud", caption: "" }, await photo(800, 800));
    const [replaced] = await picturesOf("admin");
    expect(replaced).toMatchObject({ category_id: "proud", caption: "" });
    expect(replaced!.id).not.toBe(first!.id);
    await run(meIn3Action, "/profile/me-in-3", cookies.admin!, { fields: { intent: "delete", slot: "1" } });
    expect(await picturesOf("admin")).toEqual([]);
  });

  it("'Only Me and My Manager' hides it from a colleague and shows it to the person and their manager", async () => {
    await upload("manager", { slot: "1", category: "pet", caption: "Biscuit" }, await photo());
    await acme.updateTable("employee").set({ preferences: JSON.stringify({ meIn3Enabled: false, myStuffEnabled: false }) }).where("id", "=", ids.employee!).execute();
    try {
      expect((await profileSeenBy("admin", "employee")).meIn3).toEqual({ shown: null });
      expect((await profileSeenBy("manager", "employee")).meIn3?.shown?.map((picture) => picture.caption)).toEqual(["Sunday lunch", "Climbing"]);
      expect((await profileSeenBy("employee", "employee")).meIn3?.shown).toHaveLength(2);
      // My Stuff is kept the same way, by its own preference.
      expect((await profileSeenBy("admin", "employee")).myStuff).toEqual({ shown: null });
      expect((await profileSeenBy("manager", "employee")).myStuff?.shown).toEqual(expect.any(Array));
      // The manager's own is public: their report sees it.
      expect((await profileSeenBy("employee", "manager")).meIn3?.shown).toMatchObject([{ category: "A pet", caption: "Biscuit" }]);
      expect(sharedWithManagerOnly("Emery Employee", "Me In 3")).toBe("Emery Employee shares their Me In 3 with their manager only.");
    } finally {
      await acme.updateTable("employee").set({ preferences: JSON.stringify({}) }).where("id", "=", ids.employee!).execute();
    }
  });

  it("shows only categories the program shows, and is read within the program only", async () => {
    const categories = tenantOf(testApp.app, "acme").config.profileCategories;
    const hidden: ProfileCategories = { ...categories, meIn3: categories.meIn3.map((category) => (category.id === "family" ? { ...category, enabled: false } : category)) };
    expect((await meIn3Of(acme, ids.employee!, hidden)).map((picture) => picture.categoryId)).toEqual(["hobby"]);
    const globex = testApp.app.database.forProgram(tenantOf(testApp.app, "globex").programId);
    expect(await meIn3Of(globex, ids.employee!, categories)).toEqual([]);
  });
});

describe("My Stuff", () => {
  const add = (who: string, thing: string) => run(myStuffAction, "/profile/my-stuff", cookies[who]!, { fields: { thing } });

  it("adds favourite things once, refuses what the program does not offer beside the field, and removes them", async () => {
    expect((await add("employee", "coffee/latte")).headers.get("Location")).toBe("/profile/my-stuff");
    await add("employee", "music/jazz");
    const twice = await add("employee", "coffee/latte");
    expect(twice.status).toBe(400);
    expect(await twice.json()).toEqual({ errors: ["That is in your My Stuff already."] });
    expect(await (await add("employee", "coffee/whisky")).json()).toEqual({ errors: ["Choose one of the things listed."] });
    expect(await (await add("employee", "")).json()).toEqual({ errors: ["Choose a favourite thing."] });

    const page = (await (await run(myStuffLoader, "/profile/my-stuff", cookies.employee!)).json()) as { groups: { category: string; things: { entryId: number; name: string }[] }[] };
    expect(page.groups).toEqual([
      { category: "Coffee", things: [{ entryId: expect.any(Number), name: "Latte" }] },
      { category: "Music", things: [{ entryId: expect.any(Number), name: "Jazz" }] },
    ]);
    // Only one's own: someone else's remove does nothing.
    const jazz = page.groups[1]!.things[0]!.entryId;
    await run(myStuffAction, "/profile/my-stuff", cookies.manager!, { fields: { intent: "remove", entry: String(jazz) } });
    expect((await profileSeenBy("admin", "employee")).myStuff?.shown).toHaveLength(2);
    await run(myStuffAction, "/profile/my-stuff", cookies.employee!, { fields: { intent: "remove", entry: String(jazz) } });
    expect((await profileSeenBy("admin", "employee")).myStuff?.shown).toEqual([{ category: "Coffee", things: [{ entryId: expect.any(Number), name: "Latte" }] }]);
  });

  it(`holds at most ${MY_STUFF_MAX} things`, async () => {
    const offered = tenantOf(testApp.app, "acme").config.profileCategories.myStuff.flatMap((category) => category.items.map((item) => `${category.id}/${item.id}`));
    const extra = { ...acmeWith() };
    const { config } = extra.tenant;
    const many: ProfileCategories = { ...config.profileCategories, myStuff: [...config.profileCategories.myStuff, { id: "colour", name: "Colour", enabled: true, items: Array.from({ length: 12 }, (_, n) => ({ id: `c${n}`, name: `Colour ${n}`, enabled: true })) }] };
    const context = { ...extra, tenant: { ...extra.tenant, config: { ...config, profileCategories: many } } };
    const things = [...offered, ...many.myStuff.at(-1)!.items.map((item) => `colour/${item.id}`)];
    for (const thing of things.slice(0, MY_STUFF_MAX)) await run(myStuffAction, "/profile/my-stuff", cookies.admin!, { fields: { thing }, context });
    const full = await run(myStuffAction, "/profile/my-stuff", cookies.admin!, { fields: { thing: things[MY_STUFF_MAX]! }, context });
    expect(await full.json()).toEqual({ errors: [MY_STUFF_FULL] });
    expect(Number((await acme.selectFrom("my_stuff_item").select((eb) => eb.fn.countAll<string>().as("n")).where("employee_id", "=", ids.admin!).executeTakeFirstOrThrow()).n)).toBe(MY_STUFF_MAX);
  });
});

describe("/program-settings/profile", () => {
  const save = async (fields: Record<string, string>) => run(categoriesAction, "/program-settings/profile", cookies.admin!, { fields, context: await effectiveContextFor(testApp.app, "acme") });
  const categoriesNow = async () => (await effectiveContextFor(testApp.app, "acme")).tenant.config.profileCategories;

  it("is for program managers", async () => {
    expect((await run(categoriesLoader, "/program-settings/profile", cookies.employee!)).headers.get("Location")).toBe("/feed");
  });

  it("renames, hides and adds Me In 3 categories, refuses a name twice beside its field, and keeps the history", async () => {
    const fields = Object.fromEntries((await categoriesNow()).meIn3.flatMap((category) => [[`name.${category.id}`, category.name], [`shown.${category.id}`, "on"]]));
    const twice = await save({ ...fields, intent: "meIn3", added: "a HOBBY" });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({ form: "meIn3", fieldErrors: { added: ["Another one has this name."] }, typed: { added: "a HOBBY" } });
    const { "shown.pet": _pet, ...withoutPet } = fields;
    const saved = await save({ ...withoutPet, "name.family": "My people", intent: "meIn3", added: "My commute" });
    expect(saved.headers.get("Location")).toBe("/program-settings/profile");
    const { meIn3 } = await categoriesNow();
    expect(meIn3.find((category) => category.id === "family")?.name).toBe("My people");
    expect(meIn3.find((category) => category.id === "pet")?.enabled).toBe(false);
    expect(meIn3.at(-1)).toEqual({ id: "my-commute", name: "My commute", enabled: true });
    const changes = await testApp.app.tenantSettings.changes(testApp.app.tenants.get("acme")!, { plugins: {}, site: {}, notifications: {} });
    expect(changes[0]?.changes).toEqual(["Me In 3 category renamed: “My family” → “My people”", "Me In 3 category “A pet”: hidden", "Me In 3 category added: “My commute”"]);
    // Another program's categories are its own.
    expect((await testApp.app.tenantSettings.effective(testApp.app.tenants.get("globex")!)).config.profileCategories.meIn3.find((category) => category.id === "family")?.name).toBe("My family");
  });

  itRaces("keeps both changes when two program managers save different lists at the same moment", async () => {
    const context = await effectiveContextFor(testApp.app, "acme");
    const send = (fields: Record<string, string>) => run(categoriesAction, "/program-settings/profile", cookies.admin!, { fields, context });
    const saves = await Promise.all(
      Array.from({ length: 6 }, (_, n) => (n % 2 === 0 ? send({ intent: "newStuff", added: `Raced ${n}` }) : send({ intent: "stuff:music", "category.name": "Music", "category.shown": "on", added: `Raced item ${n}` }))),
    );
    expect(saves.map((response) => response.status)).toEqual(Array(6).fill(302));
    const { myStuff } = await categoriesNow();
    expect(myStuff.filter((category) => category.name.startsWith("Raced ")).map((category) => category.name).sort()).toEqual(["Raced 0", "Raced 2", "Raced 4"]);
    expect(myStuff.find((category) => category.id === "music")!.items.filter((item) => item.name.startsWith("Raced item")).map((item) => item.name).sort()).toEqual(["Raced item 1", "Raced item 3", "Raced item 5"]);
  });

  it("adds a My Stuff category and its items", async () => {
    expect((await save({ intent: "newStuff", added: "Holidays" })).headers.get("Location")).toBe("/program-settings/profile");
    expect((await categoriesNow()).myStuff.at(-1)).toEqual({ id: "holidays", name: "Holidays", enabled: true, items: [] });
    const empty = await save({ intent: "stuff:holidays", "category.name": "" });
    expect(await empty.json()).toMatchObject({ fieldErrors: { "category.name": ["Enter a name."] } });
    await save({ intent: "stuff:holidays", "category.name": "Holidays", "category.shown": "on", added: "Beach" });
    expect((await categoriesNow()).myStuff.at(-1)).toEqual({ id: "holidays", name: "Holidays", enabled: true, items: [{ id: "beach", name: "Beach", enabled: true }] });
  });
});
