import ICAL from "ical.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { EmployeePreferences } from "~/modules/db/schema";
import type { Registry } from "~/modules/plugins/registry";
import type { AppServices } from "~/modules/services.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { contextFor, createTestApp, formPost, keptAccessIn, requestTo, settle, signInAs, tenantOf, versionMovesAt, type TestApp } from "../../../tests/setup/test-app";
import { eventually } from "../../../tests/setup/eventually";
import { itRaces } from "../../../tests/setup/races";
import { keptUnreadCelebrations } from "../celebrations.server";
import { celebrateDay, celebrateDueDays } from "../daily.server";
import { markdownHtml } from "~/modules/text/markdown.server";
import { milestonesReport } from "../report.server";
import { MILESTONE_NOT_FOUND, parseMilestoneForeignId, themeOf } from "../rules";
import { loader as detail } from "../routes/milestone-detail.$id";
import { action as adminAction } from "../routes/milestones.admin";
import { action as calendarAction } from "../routes/milestones.calendar";
import { action as closeCelebration, loader as celebrationPage } from "../routes/milestones.celebrations.$id";
import { loader as listLoader } from "../routes/milestones._index";
import { loader as icsLoader } from "../routes/milestones[.]ics";
import type { FeedPost } from "../../moments/feed.server";
import { action as postAction, loader as postLoader } from "../../moments/routes/post.$id";
import { balanceOf } from "~/modules/points/ledger.server";
import { addDays, anniversariesBetween, anniversaryIn, daysBetween } from "~/modules/time/calendar-days";
import { allUpcoming, upcomingPage } from "../upcoming.server";

let testApp: TestApp;
let services: AppServices;
let registry: Registry;
let acme: ProgramDb;
let globex: ProgramDb;
let acmeTenant: Tenant;
let globexTenant: Tenant;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp({ population: 6 });
  services = contextFor(testApp.app, "acme").app;
  registry = services.registry;
  acmeTenant = await testApp.app.tenantSettings.effective(tenantOf(testApp.app, "acme"));
  globexTenant = await testApp.app.tenantSettings.effective(tenantOf(testApp.app, "globex"));
  acme = testApp.app.database.forProgram(acmeTenant.programId);
  globex = testApp.app.database.forProgram(globexTenant.programId);
  for (const loginId of ["admin", "manager", "employee", "newhire", "invited"]) {
    const signed = await signInAs(testApp.app, "acme", loginId);
    ids[loginId] = signed.employeeId;
    cookies[loginId] = signed.cookie;
  }
});
afterAll(() => testApp.close());

/** A person's banner as the feed reads it: kept by the process until a celebration is made or read. */
const banner = async (loginId: string) => keptUnreadCelebrations(await keptAccessIn(testApp.app, "acme", loginId));

/** Every test starts from no recorded days, milestones, posts or celebrations, and nobody's dates: each sets the ones it needs. */
beforeEach(async () => {
  for (const db of [acme, globex]) {
    await db.deleteFrom("personal_celebration").execute();
    await db.deleteFrom("milestone").execute();
    await db.deleteFrom("milestone_day").execute();
    await db.deleteFrom("wall_item").where("item_type", "=", "MILESTONE").execute();
    await db.deleteFrom("feed_item").where("kind", "in", ["birthday", "anniversary", "milestone"]).execute();
    await db.updateTable("employee").set({ birth_month: null, birth_day: null, hire_date: null, preferences: "{}" }).execute();
  }
});

type Route = (args: never) => Promise<unknown>;

async function call(route: Route, loginId: string, path: string, params: Record<string, string> = {}, fields?: Record<string, string>) {
  const request = fields ? formPost("acme", path, fields, cookies[loginId]) : requestTo("acme", path, { cookie: cookies[loginId] });
  return (await settle(() => (route as (args: unknown) => Promise<Response>)({ request, context: contextFor(testApp.app, "acme"), params }))) as Response;
}

const setDates = (db: ProgramDb, loginId: string, dates: { birthday?: string; hired?: string; preferences?: EmployeePreferences }) =>
  db
    .updateTable("employee")
    .set({
      ...(dates.birthday ? { birth_month: Number(dates.birthday.slice(0, 2)), birth_day: Number(dates.birthday.slice(3, 5)) } : {}),
      ...(dates.hired ? { hire_date: dates.hired } : {}),
      ...(dates.preferences ? { preferences: JSON.stringify(dates.preferences) } : {}),
    })
    .where("login_id", "=", loginId)
    .execute();

const milestones = (db: ProgramDb) => db.selectFrom("milestone").select(["foreign_id", "event", "years", "day", "feed_item_id"]).orderBy("id").execute();
const posts = (db: ProgramDb) => db.selectFrom("feed_item").select(["kind", "foreign_id"]).where("kind", "in", ["birthday", "anniversary", "milestone"]).orderBy("id").execute();
const withZone = (tenant: Tenant, timeZone: string): Tenant => ({ ...tenant, config: { ...tenant.config, program: { ...tenant.config.program, timeZone } } });
const day = { services: () => ({ registry, tenant: acmeTenant, app: services }) };

describe("the daily job", () => {
  it("celebrates a 29 February birthday on 28 February in a year without one, and on 29 February in a leap year only", async () => {
    await setDates(acme, "employee", { birthday: "02-29" });
    await celebrateDay(day.services(), acme, "2027-02-28");
    await celebrateDay(day.services(), acme, "2028-02-28");
    await celebrateDay(day.services(), acme, "2028-02-29");
    expect((await milestones(acme)).map((row) => row.day)).toEqual(["2027-02-28", "2028-02-29"]);
  });

  it("records the day's birthdays, anniversaries with their years and the program's own milestones, posts them with the celebrant as mention, and puts them on the wall", async () => {
    await setDates(acme, "employee", { birthday: "03-10" });
    await setDates(acme, "manager", { hired: "2020-03-10" });
    await setDates(acme, "newhire", { hired: "2026-09-10" });
    await celebrateDay(day.services(), acme, "2027-03-10");
    const recorded = await milestones(acme);
    expect(recorded.map((row) => [row.event, row.years])).toEqual(
      expect.arrayContaining([
        ["BIRTHDAY", null],
        ["ANNIVERSARY", 7],
        ["MILESTONE", null],
      ]),
    );
    expect(recorded.find((row) => row.event === "MILESTONE")!.foreign_id).toBe(`milestone.six-months-${ids.newhire}-2027-03-10`);
    expect((await posts(acme)).map((post) => post.kind).sort()).toEqual(["anniversary", "birthday", "milestone"]);
    const birthday = recorded.find((row) => row.event === "BIRTHDAY")!;
    const mention = await acme.selectFrom("post_mention").select("employee_id").where("post_id", "=", birthday.feed_item_id!).execute();
    expect(mention).toEqual([{ employee_id: ids.employee }]);
    const wall = await acme.selectFrom("wall_item").select(["employee_id", "foreign_id"]).where("item_type", "=", "MILESTONE").execute();
    expect(wall).toContainEqual({ employee_id: ids.employee, foreign_id: birthday.foreign_id });
  });

  it("runs for each program on its own calendar day: UTC+14 and UTC−10 at the same instant", async () => {
    await setDates(acme, "employee", { birthday: "03-01" });
    await setDates(globex, "employee", { birthday: "02-28" });
    const instant = new Date("2027-03-01T09:30:00Z");
    const kiritimati = withZone(acmeTenant, "Pacific/Kiritimati");
    const honolulu = withZone(globexTenant, "Pacific/Honolulu");
    expect(await celebrateDueDays({ registry, tenant: kiritimati, app: services }, acme, instant)).toEqual([{ day: "2027-03-01", milestones: 1 }]);
    expect(await celebrateDueDays({ registry, tenant: honolulu, app: services }, globex, instant)).toEqual([{ day: "2027-02-28", milestones: 1 }]);
  });

  it("creates nothing twice when run again the same day, and catches up the days it missed once, at most 7 back", async () => {
    await setDates(acme, "employee", { birthday: "04-02" });
    await setDates(acme, "manager", { birthday: "04-20" });
    await celebrateDueDays(day.services(), acme, new Date("2027-04-01T12:00:00Z"));
    expect(await celebrateDueDays(day.services(), acme, new Date("2027-04-01T18:00:00Z"))).toEqual([]);
    // Down from 2 to 12 April: the next run does 3 to 12 April (7 back from the 13th is the 6th... the 2nd is missed for good).
    const done = await celebrateDueDays(day.services(), acme, new Date("2027-04-13T12:00:00Z"));
    expect(done.map((each) => each.day)).toEqual(["2027-04-06", "2027-04-07", "2027-04-08", "2027-04-09", "2027-04-10", "2027-04-11", "2027-04-12", "2027-04-13"]);
    expect(await milestones(acme)).toEqual([]);
    const later = await celebrateDueDays(day.services(), acme, new Date("2027-04-22T12:00:00Z"));
    expect(later.map((each) => each.day)).toContain("2027-04-20");
    expect((await milestones(acme)).map((row) => row.foreign_id)).toEqual([`birthday-${ids.manager}-2027-04-20`]);
    expect(await celebrateDueDays(day.services(), acme, new Date("2027-04-22T13:00:00Z"))).toEqual([]);
  });

  it("celebrates a birthday set after the day's run when the day is run again, and only that one", async () => {
    await setDates(acme, "employee", { birthday: "04-25" });
    expect(await celebrateDay(day.services(), acme, "2027-04-25")).toBe(1);
    await setDates(acme, "newhire", { birthday: "04-25" });
    expect(await celebrateDay(day.services(), acme, "2027-04-25")).toBe(1);
    expect((await posts(acme)).map((post) => post.foreign_id).sort()).toEqual([`birthday-${ids.employee}-2027-04-25`, `birthday-${ids.newhire}-2027-04-25`].sort());
    expect(await acme.selectFrom("personal_celebration").select("employee_id").execute()).toHaveLength(2);
  });

  it("without Moments, records the day and makes the celebrations, with no post shown anywhere and nothing for Moments to hold", async () => {
    await setDates(acme, "employee", { birthday: "04-28" });
    const withoutMoments: Tenant = { ...acmeTenant, config: { ...acmeTenant.config, features: { ...acmeTenant.config.features, moments: { enabled: false } } } };
    expect(await celebrateDay({ registry, tenant: withoutMoments, app: services }, acme, "2027-04-28")).toBe(1);
    const [birthday] = await milestones(acme);
    expect(await acme.selectFrom("post_mention").select("id").where("post_id", "=", birthday!.feed_item_id!).execute()).toEqual([]);
    expect(await banner("employee")).toHaveLength(1);
  });

  it("after a crash mid-run, leaves nothing of the day it was in and does it once on the restart", async () => {
    await setDates(acme, "employee", { birthday: "05-02" });
    await setDates(acme, "manager", { birthday: "05-03" });
    await celebrateDueDays(day.services(), acme, new Date("2027-05-01T12:00:00Z"));
    let published = 0;
    const failing = new Proxy(registry, {
      get(target, property, receiver) {
        if (property === "feedItemKind") {
          return (kind: string) => {
            if (++published === 2) throw new Error("the process died");
            return target.feedItemKind(kind as never);
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    await expect(celebrateDueDays({ registry: failing, tenant: acmeTenant, app: services }, acme, new Date("2027-05-03T12:00:00Z"))).rejects.toThrow("the process died");
    expect((await milestones(acme)).map((row) => row.day)).toEqual(["2027-05-02"]);
    await celebrateDueDays(day.services(), acme, new Date("2027-05-03T12:00:00Z"));
    expect((await milestones(acme)).map((row) => row.day)).toEqual(["2027-05-02", "2027-05-03"]);
    expect(await posts(acme)).toHaveLength(2);
    expect(await acme.selectFrom("personal_celebration").select("id").execute()).toHaveLength(2);
  });

  itRaces("run by two processes at once, celebrates each milestone once", async () => {
    await setDates(acme, "employee", { birthday: "06-02" });
    await setDates(acme, "manager", { hired: "2019-06-02" });
    const runs = await Promise.all([0, 1, 2, 3].map(() => celebrateDay(day.services(), acme, "2027-06-02")));
    expect(runs.reduce((sum, recorded) => sum + recorded, 0)).toBe(2);
    expect(await posts(acme)).toHaveLength(2);
  });

  it("follows the celebrant's preferences: MUTE lists without a post, HIDE neither posts nor lists a birthday", async () => {
    await setDates(acme, "employee", { birthday: "07-01", preferences: { birthdayRecognitionType: "MUTE" } });
    await setDates(acme, "manager", { birthday: "07-01", hired: "2018-07-01", preferences: { birthdayRecognitionType: "HIDE", anniversaryRecognitionType: "MUTE" } });
    await setDates(acme, "newhire", { birthday: "07-01" });
    await celebrateDay(day.services(), acme, "2027-07-01");
    expect((await milestones(acme)).map((row) => row.foreign_id).sort()).toEqual(
      [`birthday-${ids.employee}-2027-07-01`, `anniversary-${ids.manager}-2027-07-01`, `birthday-${ids.newhire}-2027-07-01`].sort(),
    );
    expect((await posts(acme)).map((post) => post.foreign_id)).toEqual([`birthday-${ids.newhire}-2027-07-01`]);
    const wall = await acme.selectFrom("wall_item").select("employee_id").where("item_type", "=", "MILESTONE").execute();
    expect(wall).toEqual([{ employee_id: ids.newhire }]);
  });

  it("tells the celebrant's manager and the people who share that manager the configured days ahead, once, and not the celebrant", async () => {
    await setDates(acme, "employee", { birthday: "08-13" });
    await celebrateDay(day.services(), acme, "2027-08-10");
    expect(await celebrateDay(day.services(), acme, "2027-08-10")).toBe(0);
    const told = await eventually(
      () => acme.selectFrom("notification").select(["employee_id", "message", "link"]).where("type", "=", "MILESTONE_UPCOMING").where("link", "=", `/milestone-detail/birthday-${ids.employee}-2027-08-13`).execute(),
      (rows) => rows.length >= 3,
    );
    const team = await acme.selectFrom("employee").select("id").where("parent_employee_id", "=", ids.manager!).where("id", "<>", ids.employee!).execute();
    expect(told.map((row) => row.employee_id).sort()).toEqual([ids.manager, ...team.map((person) => person.id)].sort());
    expect(team.map((person) => person.id)).toEqual(expect.arrayContaining([ids.newhire, ids.invited]));
    expect(told[0]).toMatchObject({ message: "Emery Employee's birthday is on Friday, August 13.", link: `/milestone-detail/birthday-${ids.employee}-2027-08-13` });
  });
});

describe("a birthday post on the feed", () => {
  it("is amplified with points by a colleague who gives points (its type's ampsEnabled), never by its celebrant; a program milestone is not", async () => {
    await setDates(acme, "employee", { birthday: "09-20", hired: "2027-03-20" });
    await celebrateDay(day.services(), acme, "2027-09-20");
    const recorded = await milestones(acme);
    const birthday = recorded.find((row) => row.event === "BIRTHDAY")!.feed_item_id!;
    const sixMonths = recorded.find((row) => row.event === "MILESTONE")!.feed_item_id!;
    const view = async (id: number, loginId: string) => ((await (await call(postLoader, loginId, `/post/${id}`, { id: String(id) })).json()) as { post: FeedPost }).post;

    const seen = await view(birthday, "admin");
    expect(seen.canAmplify).toBe(true);
    expect(seen.mentions).toMatchObject([{ person: { id: ids.employee }, points: null, amplifiable: true }]);
    expect((await view(birthday, "employee")).canAmplify).toBe(false);
    expect((await view(sixMonths, "admin")).canAmplify).toBe(false);

    const before = await balanceOf(acme, { kind: "SHOPPING", employeeId: ids.employee! });
    await call(postAction, "admin", `/post/${birthday}`, { id: String(birthday) }, { returnTo: `/post/${birthday}`, intent: "amplify", [`amp.${seen.mentions[0]!.id}`]: "15" });
    expect(await balanceOf(acme, { kind: "SHOPPING", employeeId: ids.employee! })).toBe(before + 15);
    expect((await view(birthday, "employee")).mentions[0]!.ampPoints).toBe(15);
  });
});

describe("personal celebrations", () => {
  it("are made for a birthday with the program's default letter, shown until their person closes them; nobody else may close or read them", async () => {
    const post = await call(adminAction, "admin", "/milestones/admin", {}, { intent: "letters", birthday: "# Happy birthday!\n\nFrom all of us. <script>alert(1)</script>", anniversary: "" });
    expect(post.status).toBe(302);
    await setDates(acme, "employee", { birthday: "09-01" });
    await celebrateDay(day.services(), acme, "2027-09-01");
    const [celebration] = await banner("employee");
    expect(celebration).toMatchObject({ lines: ["Happy Birthday, Emery!", expect.stringContaining("wishes you a wonderful day")], hasLetter: true, isRead: false });
    expect(celebration!.theme).toMatch(/^theme-0[1-3]$/);

    const page = (await (await call(celebrationPage, "employee", `/milestones/celebrations/${celebration!.id}`, { id: String(celebration!.id) })).json()) as { celebration: { letterHtml: string } };
    expect(page.celebration.letterHtml).toContain("<h2>Happy birthday!</h2>");
    expect(page.celebration.letterHtml).not.toContain("<script");
    expect((await call(celebrationPage, "manager", `/milestones/celebrations/${celebration!.id}`, { id: String(celebration!.id) })).status).toBe(404);
    expect((await call(closeCelebration, "manager", `/milestones/celebrations/${celebration!.id}`, { id: String(celebration!.id) }, {})).status).toBe(404);
    expect(await banner("employee")).toHaveLength(1);

    const closed = await call(closeCelebration, "employee", `/milestones/celebrations/${celebration!.id}`, { id: String(celebration!.id) }, {});
    expect(closed.headers.get("Location")).toBe("/feed");
    expect(await banner("employee")).toEqual([]);
  });

  it("are made by program managers for anyone, with field errors beside the fields and nothing made on a bad form", async () => {
    const errorsOf = async (fields: Record<string, string>) => {
      const refused = await call(adminAction, "admin", "/milestones/admin", {}, { intent: "celebrate", ...fields });
      expect(refused.status).toBe(400);
      return ((await refused.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }).result;
    };
    const bad = await errorsOf({ person: "newhire", style: "9", line1: "", line2: "x".repeat(200) });
    expect(bad.error).toMatchObject({ style: ["Choose a theme"], line1: ["Enter the banner's first line"], line2: ["At most 120 characters"] });
    expect(bad.initialValue).toMatchObject({ person: "newhire", line2: "x".repeat(200) });
    expect((await errorsOf({ person: "nobody@example.com", style: "2", line1: "Hello" })).error).toEqual({ person: ["No active person in this program has that sign-in name or e-mail."] });
    expect(await banner("newhire")).toEqual([]);

    const made = await call(adminAction, "admin", "/milestones/admin", {}, { intent: "celebrate", person: "newhire", style: "5", line1: "Welcome aboard, Nico!", line2: "Your first week is done.", letter: "" });
    expect(made.status).toBe(302);
    expect(await banner("newhire")).toMatchObject([{ lines: ["Welcome aboard, Nico!", "Your first week is done."], theme: "theme-05", hasLetter: false }]);
    expect((await call(adminAction, "employee", "/milestones/admin", {}, { intent: "celebrate", person: "newhire", style: "1", line1: "Hi" })).headers.get("Location")).toBe("/feed");
  });

  it("letters are Markdown rendered without raw HTML or script links", () => {
    const html = markdownHtml("**Bold** [me](javascript:alert(1)) [site](https://example.com) <img src=x onerror=alert(1)>");
    expect(html).toContain("<strong>Bold</strong>");
    expect(html).not.toContain('href="javascript');
    expect(html).not.toContain("<img");
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">site</a>');
  });
});

describe("the milestone list and page", () => {
  it("lists the next year's milestones soonest first, without hidden birthdays or another program's people, with month counts and Send eCard for others", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const monthDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(5, 10);
    await setDates(acme, "employee", { birthday: monthDay(2) });
    await setDates(acme, "manager", { birthday: monthDay(1), preferences: { birthdayRecognitionType: "HIDE" } });
    await setDates(acme, "newhire", { hired: `${Number(today.slice(0, 4)) - 3}-${monthDay(3)}` });
    await setDates(globex, "employee", { birthday: monthDay(1) });
    await acme.updateTable("employee").set({ permissions: JSON.stringify({ usesEcards: false }) }).where("login_id", "=", "newhire").execute();
    const view = (await (await call(listLoader, "admin", "/milestones")).json()) as { milestones: { foreignId: string; label: string; person: { id: number }; actions: { label: string; href: string }[] }[]; months: Record<string, { birthdays: number; anniversaries: number }> };
    const people = view.milestones.map((milestone) => milestone.person.id);
    expect(people).toContain(ids.employee);
    expect(people).not.toContain(ids.manager);
    expect(people.indexOf(ids.employee!)).toBeLessThan(people.indexOf(ids.newhire!));
    const globexPeople = await globex.selectFrom("employee").select("id").execute();
    expect(people.some((id) => globexPeople.some((person) => person.id === id))).toBe(false);
    expect(view.milestones.find((milestone) => milestone.person.id === ids.newhire)!.label).toBe("3 years work anniversary");
    const employees = view.milestones.find((milestone) => milestone.person.id === ids.employee)!;
    expect(employees.actions).toEqual([{ label: "Send eCard", href: expect.stringMatching(/^\/ecard\/new\?to=\d+&event=BIRTHDAY&date=\d{4}-\d{2}-\d{2}$/) }]);
    expect(view.milestones.find((milestone) => milestone.person.id === ids.newhire)!.actions).toEqual([]);
    expect(Object.values(view.months).reduce((sum, month) => sum + month.birthdays, 0)).toBeGreaterThanOrEqual(1);

    const own = (await (await call(listLoader, "employee", "/milestones")).json()) as typeof view;
    expect(own.milestones.find((milestone) => milestone.person.id === ids.employee)!.actions).toEqual([]);
  });

  it("links the viewer's own anniversary to the service award it granted, when the shop is on", async () => {
    const today = new Date().toLocaleDateString("en-CA", { timeZone: acmeTenant.config.program.timeZone });
    await setDates(acme, "employee", { hired: `${Number(today.slice(0, 4)) - 5}${today.slice(4)}` });
    const type = await acme.selectFrom("service_award_type").select(["id", "years_service"]).where("years_service", "=", 5).executeTakeFirstOrThrow();
    await acme.deleteFrom("service_award").where("employee_id", "=", ids.employee!).execute();
    const award = await acme.insertInto("service_award", { employee_id: ids.employee!, award_type_id: type.id, years_service: 5, anniversary: today }).returning("id").executeTakeFirstOrThrow();
    type View = { milestones: { person: { id: number }; event: string; actions: { label: string; href: string }[] }[] };
    const anniversaryOf = (view: View) => view.milestones.find((milestone) => milestone.person.id === ids.employee && milestone.event === "ANNIVERSARY")!;
    const own = (await (await call(listLoader, "employee", "/milestones")).json()) as View;
    expect(anniversaryOf(own).actions).toEqual([{ label: "Redeem your service award", href: `/service-award-redemption/${award.id}` }]);
    const others = (await (await call(listLoader, "manager", "/milestones")).json()) as View;
    expect(anniversaryOf(others).actions.map((action) => action.label)).toEqual(["Send eCard"]);
    await acme.updateTable("service_award").set({ status: "REDEEMED" }).where("id", "=", award.id).execute();
    expect(anniversaryOf((await (await call(listLoader, "employee", "/milestones")).json()) as View).actions).toEqual([]);
  });

  it("opens a milestone by its foreign id, and sends an unknown, hidden or another program's one to /feed", async () => {
    await setDates(acme, "employee", { birthday: "10-05" });
    const found = await call(detail, "admin", `/milestone-detail/birthday-${ids.employee}-2027-10-05`, { id: `birthday-${ids.employee}-2027-10-05` });
    expect(found.status).toBe(200);
    const wrongDay = await call(detail, "admin", `/milestone-detail/birthday-${ids.employee}-2027-10-06`, { id: `birthday-${ids.employee}-2027-10-06` });
    expect(wrongDay.headers.get("Location")).toBe("/feed");
    const globexPerson = (await globex.selectFrom("employee").select("id").where("login_id", "=", "employee").executeTakeFirstOrThrow()).id;
    await setDates(globex, "employee", { birthday: "10-05" });
    const other = await call(detail, "admin", `/milestone-detail/birthday-${globexPerson}-2027-10-05`, { id: `birthday-${globexPerson}-2027-10-05` });
    expect(other.headers.get("Location")).toBe("/feed");
    for (const bad of ["birthday-1-2027-02-30", "birthday", "../../etc", `birthday-${ids.employee}-2027-13-05`]) {
      expect(parseMilestoneForeignId(bad)).toBeNull();
      expect((await call(detail, "admin", `/milestone-detail/${bad}`, { id: bad })).headers.get("Location")).toBe("/feed");
    }
    expect(MILESTONE_NOT_FOUND).toBe("That milestone could not be found.");
  });

  it("keeps the list at a new job title, which it does not show, and reads it again at a new name", async () => {
    expect(await versionMovesAt(acme, "milestones", ids.employee!, { job_title: "Chief Kudos Officer" })).toBe(false);
    expect(await versionMovesAt(acme, "milestones", ids.employee!, { display_name: "Renamed Employee" })).toBe(true);
  });

  it("chooses six themes from the style value", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 0, -1].map(themeOf)).toEqual(["theme-01", "theme-02", "theme-03", "theme-04", "theme-05", "theme-06", "theme-01", "theme-06", "theme-05"]);
  });
});

describe("the upcoming milestones by date", () => {
  // Dates at the edges: 29 February (in a leap year and not), the new year, months' ends.
  const dated = { employee: { birthday: "02-29", hired: "2021-01-31" }, manager: { birthday: "12-31", hired: "2020-02-29" }, newhire: { birthday: "01-01", hired: "2019-08-31" }, admin: { birthday: "03-01", hired: "2024-12-31" } };
  const types = [
    { id: "first-month", label: "1 month", monthsAfterHire: 1 },
    { id: "half-year", label: "6 months", monthsAfterHire: 6 },
    { id: "decade", label: "10 years", monthsAfterHire: 120 },
  ];

  /** `hired` plus `months` as PostgreSQL adds an interval: a day past the month's end is its last day. */
  function monthsAfter(hired: string, months: number) {
    const [year, month, day] = hired.split("-").map(Number) as [number, number, number];
    const first = new Date(Date.UTC(year, month - 1 + months, 1));
    const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
    return `${first.toISOString().slice(0, 8)}${String(Math.min(day, lastDay)).padStart(2, "0")}`;
  }

  /** What the window holds, worked out here from the dates: the foreign ids, soonest first, then by name, person and kind. */
  function expected(from: string, to: string) {
    const found: { day: string; name: string; id: number; foreignId: string }[] = [];
    const kind = (foreignId: string) => foreignId.slice(0, foreignId.indexOf("-")).replace("milestone.", "zz");
    for (const [loginId, { birthday, hired }] of Object.entries(dated)) {
      const id = ids[loginId]!;
      const name = names[loginId]!;
      // A birthday is a yearly date like an anniversary of a hire date in a year long gone.
      for (const year of [Number(from.slice(0, 4)), Number(from.slice(0, 4)) + 1]) {
        const day = anniversaryIn(`2000-${birthday}`, year);
        if (day >= from && day <= to) found.push({ day, name, id, foreignId: `birthday-${id}-${day}` });
      }
      for (const { day } of anniversariesBetween(hired, from, to)) found.push({ day, name, id, foreignId: `anniversary-${id}-${day}` });
      for (const type of types) {
        const day = monthsAfter(hired, type.monthsAfterHire);
        if (day >= from && day <= to) found.push({ day, name, id, foreignId: `milestone.${type.id}-${id}-${day}` });
      }
    }
    return found
      .sort((a, b) => a.day.localeCompare(b.day) || a.name.localeCompare(b.name) || a.id - b.id || kind(a.foreignId).localeCompare(kind(b.foreignId)))
      .map((milestone) => milestone.foreignId);
  }

  const names: Record<string, string> = {};
  beforeEach(async () => {
    for (const [loginId, dates] of Object.entries(dated)) await setDates(acme, loginId, { birthday: dates.birthday, hired: dates.hired });
    for (const row of await acme.selectFrom("employee").select(["login_id", "display_name"]).where("login_id", "in", Object.keys(dated)).execute()) names[row.login_id] = row.display_name;
  });

  it("finds every milestone of a day, a week, five weeks and a year, across the new year and 29 February in leap years and others", async () => {
    const starts = [...daysBetween("2027-12-24", "2028-01-03"), ...daysBetween("2028-02-24", "2028-03-02"), ...daysBetween("2029-02-24", "2029-03-02"), "2031-01-25", "2029-07-28"];
    for (const from of starts) {
      for (const days of [1, 7, 35, 365]) {
        const to = addDays(from, days - 1);
        // The same milestones (the order of one person's on one day is the list's, checked below).
        const found = (await allUpcoming(acme, { from, to, types })).map((milestone) => milestone.foreignId);
        expect(found.sort(), `${from} to ${to}`).toEqual(expected(from, to).sort());
      }
    }
  });

  it("pages a year soonest first as the whole year's list does, when the first week holds the page and when it does not", async () => {
    for (const from of ["2027-12-29", "2028-02-26", "2029-02-26", "2028-06-01"]) {
      const whole = expected(from, addDays(from, 364));
      for (const size of [1, 2, 5]) {
        for (let page = 1; (page - 1) * size <= whole.length; page++) {
          const { milestones, hasMore } = await upcomingPage(acme, { from, to: addDays(from, 364), types }, { page, size });
          expect(
            { milestones: milestones.map((milestone) => milestone.foreignId), hasMore },
            `${from}, page ${page} of ${size}`,
          ).toEqual({ milestones: whole.slice((page - 1) * size, page * size), hasMore: whole.length > page * size });
        }
      }
    }
  });
});

describe("the calendar file", () => {
  function eventsOf(text: string) {
    const calendar = new ICAL.Component(ICAL.parse(text));
    return calendar.getAllSubcomponents("vevent").map((event) => ({ uid: String(event.getFirstPropertyValue("uid")), summary: String(event.getFirstPropertyValue("summary")), start: String(event.getFirstPropertyValue("dtstart")) }));
  }

  it("downloads the team's or everyone's milestones as RFC 5545 events, never a hidden birthday", async () => {
    const monthDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(5, 10);
    await setDates(acme, "employee", { birthday: monthDay(5) });
    await setDates(acme, "newhire", { birthday: monthDay(6), preferences: { birthdayRecognitionType: "HIDE" } });
    // The admin is the manager's manager: in the program, not in the team.
    await setDates(acme, "admin", { birthday: "01-15" });

    const team = await call(icsLoader, "invited", "/milestones.ics?scope=team");
    expect(team.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(team.headers.get("Content-Disposition")).toContain("attachment");
    const teamEvents = eventsOf(await team.text());
    expect(teamEvents.map((event) => event.summary)).toEqual(["Emery Employee: Birthday"]);
    expect(teamEvents[0]!.uid).toMatch(new RegExp(`^birthday-${ids.employee}-\\d{4}-\\d{2}-\\d{2}@acme\\.localhost$`));
    expect(teamEvents[0]!.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const everyone = eventsOf(await (await call(icsLoader, "invited", "/milestones.ics?scope=program")).text());
    expect(everyone.map((event) => event.uid)).toEqual(expect.arrayContaining([expect.stringContaining(`birthday-${ids.admin}-`), expect.stringContaining(`birthday-${ids.employee}-`)]));
    expect(everyone.some((event) => event.uid.startsWith(`birthday-${ids.newhire}-`))).toBe(false);
  });

  it("is served to a calendar app by the person's token, until they make a new one or turn it off", async () => {
    await setDates(acme, "employee", { birthday: "12-24" });
    const made = (await (await call(calendarAction, "invited", "/milestones/calendar", {}, { intent: "renew" })).json()) as { addresses: { team: string; program: string } };
    const subscribe = async (address: string, subdomain = "acme") => {
      const url = new URL(address);
      return (await settle(() => icsLoader({ request: requestTo(subdomain, `${url.pathname}${url.search}`), context: contextFor(testApp.app, subdomain), params: {} } as never))) as Response;
    };
    const served = await subscribe(made.addresses.team);
    expect(served.status).toBe(200);
    expect(eventsOf(await served.text()).map((event) => event.summary)).toEqual(["Emery Employee: Birthday"]);
    expect((await subscribe(made.addresses.team, "globex")).status).toBe(404);

    const renewed = (await (await call(calendarAction, "invited", "/milestones/calendar", {}, { intent: "renew" })).json()) as { addresses: { team: string } };
    expect((await subscribe(made.addresses.team)).status).toBe(404);
    expect((await subscribe(renewed.addresses.team)).status).toBe(200);
    await call(calendarAction, "invited", "/milestones/calendar", {}, { intent: "revoke" });
    expect((await subscribe(renewed.addresses.team)).status).toBe(404);
    const anonymous = (await settle(() => icsLoader({ request: requestTo("acme", "/milestones.ics"), context: contextFor(testApp.app, "acme"), params: {} } as never))) as Response;
    expect(anonymous.status).toBe(302);
  });
});

describe("the milestones report", () => {
  it("lists the period's milestones of this program only, and whether each was posted", async () => {
    await setDates(acme, "employee", { birthday: "11-02", preferences: { birthdayRecognitionType: "MUTE" } });
    await setDates(acme, "manager", { hired: "2021-11-02" });
    await setDates(globex, "employee", { birthday: "11-02" });
    await celebrateDay(day.services(), acme, "2027-11-02");
    await celebrateDay({ registry, tenant: globexTenant, app: services }, globex, "2027-11-02");
    const rows = await milestonesReport.rows({ db: acme, start: new Date("2027-11-01T00:00:00Z"), end: new Date("2027-11-30T23:59:59Z"), timeZone: "UTC", registry });
    expect(rows.map((row) => [row.employee, row.milestone, row.onFeed])).toEqual([
      ["Emery Employee", "Birthday", "No"],
      ["Morgan Manager", "6 years work anniversary", "Yes"],
    ]);
  });
});
