import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRegistry } from "~/modules/plugins/registry";
import { createServerRegistry } from "~/modules/plugins/server-registry.server";
import { publishToFeed, publishToWall, wallPage } from "~/modules/publications/publish.server";
import { coreContributions } from "~/modules/shell/core-contributions";
import { coreServerContributions } from "~/modules/shell/core-contributions.server";
import { loader as profileRoute } from "~/routes/profile.$id";
import { loader as reportsPage } from "~/routes/report._index";
import { loader as reportDownload } from "~/routes/report.download";
import { transfer } from "~/modules/points/ledger.server";
import { calendarDayIn } from "~/modules/time/zones";
import { probePlugin } from "../fixtures/plugins/probe/plugin";
import { probeServer } from "../fixtures/plugins/probe/plugin.server";
import { contextFor, createTestApp, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";

const registry = createServerRegistry(coreContributions, [probePlugin], { core: coreServerContributions, plugins: [probeServer] });

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ tenantsDir: "tests/fixtures/tenants-probe", registry, population: 3 });
});
afterAll(() => testApp.close());

const db = (subdomain: string) => testApp.app.database.forProgram(tenantOf(testApp.app, subdomain).programId);
const idOf = async (subdomain: string, loginId: string) => (await db(subdomain).selectFrom("employee").select("id").where("login_id", "=", loginId).executeTakeFirstOrThrow()).id;

describe("a plugin publishes to the feed", () => {
  it("items of a kind it declares, once per foreign id, though no feed plugin is installed", async () => {
    const first = await publishToFeed(registry, tenantOf(testApp.app, "alpha").config, db("alpha"), { kind: "probeShoutout", foreignId: "p1", authorId: null, data: { text: "Well done" } });
    expect(first).toEqual(expect.any(Number));
    expect(await publishToFeed(registry, tenantOf(testApp.app, "alpha").config, db("alpha"), { kind: "probeShoutout", foreignId: "p1", authorId: null, data: { text: "again" } })).toBeNull();
    expect(registry.feedItemKind("probeShoutout")).toMatchObject({ pluginId: "probe", label: "Probe shout-out" });
    // A kind no installed plugin declares does not compile; from untyped code it is refused at run time.
    // @ts-expect-error -- an undeclared kind
    await expect(publishToFeed(registry, tenantOf(testApp.app, "alpha").config, db("alpha"), { kind: "undeclaredKind", foreignId: "e1", authorId: null, data: {} })).rejects.toThrow(/not declared/);
  });
});

describe("a plugin publishes to profile walls", () => {
  it("items the profile shows under its filter, paged, counted, in its own program only", async () => {
    const employee = await idOf("alpha", "employee");
    for (let i = 1; i <= 12; i++) await publishToWall(registry, db("alpha"), { itemType: "PROBE_BADGE", foreignId: `b${i}`, employeeIds: [employee], data: { text: `Badge ${i}` } });
    await publishToWall(registry, db("alpha"), { itemType: "PROBE_BADGE", foreignId: "b1", employeeIds: [employee], data: { text: "Badge 1 again" } });
    const page = await wallPage(db("alpha"), employee, ["PROBE_BADGE"]);
    expect(page.items).toHaveLength(10);
    expect(page.items[0]!.data).toEqual({ text: "Badge 12" });
    expect(page.counts).toEqual({ PROBE_BADGE: 12 });
    expect((await wallPage(db("alpha"), employee, ["PROBE_BADGE"], { before: page.next! })).items.map((item) => item.data.text)).toEqual(["Badge 2", "Badge 1"]);
    expect((await wallPage(db("beta"), employee, ["PROBE_BADGE"])).items).toEqual([]);

    const { app } = testApp;
    const open = async (subdomain: string, id: number, search = "") => {
      const { cookie } = await signInAs(app, subdomain, "employee");
      const response = (await settle(() =>
        profileRoute({ request: requestTo(subdomain, `/profile/${id}${search}`, { cookie }), context: contextFor(app, subdomain), params: { id: String(id) } }),
      )) as Response;
      return (await response.json()).wall;
    };
    expect(await open("alpha", employee, "?wall=PROBE_BADGE")).toMatchObject({ filters: [{ itemType: "PROBE_BADGE", label: "Probe badges" }], only: "PROBE_BADGE", counts: { PROBE_BADGE: 12 } });
    expect((await open("beta", await idOf("beta", "employee"))).filters).toEqual([]);
  });

  it("refuses a kind nobody declares, and two plugins declaring one kind", async () => {
    // @ts-expect-error -- as above: an undeclared kind does not compile
    await expect(publishToWall(registry, db("alpha"), { itemType: "UNDECLARED_ITEM", foreignId: "e", employeeIds: [1], data: {} })).rejects.toThrow(/not declared/);
    const twin = { ...probePlugin, id: "probe-twin", lookupFilters: undefined, permissions: undefined, menuEntries: [], sidebarCards: [], notificationGroups: [] };
    expect(() => createRegistry(coreContributions, [probePlugin, twin])).toThrow('Feed item kind "probeShoutout" is declared by both probe and probe-twin');
  });

  it("checks an item's data with its kind's schema when it is published, and stores nothing that does not parse", async () => {
    await expect(publishToFeed(registry, tenantOf(testApp.app, "alpha").config, db("alpha"), { kind: "probeShoutout", foreignId: "bad", authorId: null, data: { text: "" } })).rejects.toThrow(
      'The data of feed item kind "probeShoutout" does not parse: text Too small',
    );
    await expect(publishToWall(registry, db("alpha"), { itemType: "PROBE_BADGE", foreignId: "bad", employeeIds: [1], data: { label: "x" } })).rejects.toThrow(/wall item kind "PROBE_BADGE" does not parse: text/);
    expect(await db("alpha").selectFrom("feed_item").select("id").where("foreign_id", "=", "bad").execute()).toEqual([]);

    const parts = (itemData: typeof probeServer.itemData) => ({ core: coreServerContributions, plugins: [{ ...probeServer, itemData }] });
    expect(() => createServerRegistry(coreContributions, [probePlugin], parts({ wall: probeServer.itemData!.wall }))).toThrow(
      'Plugin probe declares feed item kind "probeShoutout" without a data schema in itemData.feed',
    );
    expect(() => createServerRegistry(coreContributions, [probePlugin], parts({ ...probeServer.itemData, feed: { ...probeServer.itemData!.feed, other: probeServer.itemData!.feed!.probeShoutout! } }))).toThrow(
      'Plugin probe gives a data schema for feed item kind "other", which its manifest does not declare',
    );
  });
});

describe("a plugin adds report types", () => {
  it("listed for programs that have it on, and run on the program's rows", async () => {
    const { app } = testApp;
    const pluginReports = (subdomain: string) => registry.reportTypes(tenantOf(app, subdomain).config).filter((report) => !report.id.startsWith("core."));
    expect(pluginReports("beta")).toEqual([]);
    const [report] = pluginReports("alpha");
    expect(report).toMatchObject({ id: "probe.items", title: "Probe items" });
    await db("alpha").insertInto("probe_item" as never, { label: "reported" } as never).execute();
    expect(await report!.rows({ db: db("alpha"), start: new Date(0), end: new Date(), timeZone: "UTC", registry })).toEqual([{ label: "reported" }]);
    const misnamed = { ...probeServer, reports: [{ ...probeServer.reports![0]!, id: "items" }] };
    expect(() => createServerRegistry(coreContributions, [probePlugin], { core: coreServerContributions, plugins: [misnamed] })).toThrow('Report "items" of plugin probe must be named "probe.<name>"');
  });
});

describe("the reports page", () => {
  const open = async (subdomain: string, loginId: string, query = "") => {
    const { cookie } = await signInAs(testApp.app, subdomain, loginId);
    return settle(() => reportsPage({ request: requestTo(subdomain, `/report${query}`, { cookie }), context: contextFor(testApp.app, subdomain), params: {} }));
  };
  const page = async (subdomain: string, loginId: string, query = "") => (await (await open(subdomain, loginId, query)) as Response).json();

  it("runs the core's and the program's plugins' report types over whole days of the program's time zone, with every row in the CSV", async () => {
    const employee = await idOf("alpha", "employee");
    await transfer(db("alpha"), { idempotencyKey: "report-deposit", kind: "BUCKET_DEPOSIT", amount: 500, reason: "Budget", actorId: null, to: { kind: "PROGRAM_BUCKET" } });
    await transfer(db("alpha"), { idempotencyKey: "report-award", kind: "AWARD", amount: 40, reason: "=Great work", actorId: null, from: { kind: "PROGRAM_BUCKET" }, to: { kind: "SHOPPING", employeeId: employee } });
    const today = calendarDayIn(new Date(), "America/New_York");

    const { offered, result } = await page("alpha", "admin");
    expect(offered.map((report: { id: string }) => report.id)).toEqual(["core.points-earned", "probe.items"]);
    expect(result).toBeNull();
    const ran = await page("alpha", "admin", `?report=core.points-earned&start=${today}&end=${today}`);
    expect(ran.result.rows).toContainEqual({ date: today, employeeCode: "E-employee", name: "Emery Employee", source: "Award", points: 40, reason: "=Great work" });

    const { cookie } = await signInAs(testApp.app, "alpha", "admin");
    const csv = (await reportDownload({ request: requestTo("alpha", `/report/download?report=core.points-earned&start=${today}&end=${today}`, { cookie }), context: contextFor(testApp.app, "alpha"), params: {} })) as Response;
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toBe("Date,Employee code,Name,Source,Points,Reason");
    // A spreadsheet formula in a reason is written as text.
    expect(text).toContain(`${today},E-employee,Emery Employee,Award,40,'=Great work`);
    expect(await page("beta", "admin").then((beta) => beta.offered.map((report: { id: string }) => report.id))).toEqual(["core.points-earned"]);
  });

  it("says what is wrong beside each field and keeps what was typed", async () => {
    const bad = await page("alpha", "admin", "?report=probe.nothing&start=2026-05-10&end=2026-05-01");
    expect(bad.errors).toEqual({ report: ["Choose a report"], end: ["The end date must be on or after the start date"] });
    expect(bad.form).toEqual({ report: "probe.nothing", start: "2026-05-10", end: "2026-05-01" });
    expect((await page("alpha", "admin", "?report=probe.items&start=2025-01-01&end=2026-05-01")).errors).toEqual({ end: ["A report covers at most 366 days"] });
    for (const start of ["yesterday", "2026-02-31", "9999-99-99"]) {
      expect((await page("alpha", "admin", `?report=probe.items&start=${start}&end=2026-05-01`)).errors, start).toEqual({ start: ["Enter a date"] });
    }
  });

  it("is for program managers and people with direct reports, who run only the reports their permissions allow", async () => {
    expect(((await open("alpha", "employee")) as Response).headers.get("Location")).toBe("/feed");
    expect((await page("alpha", "manager")).offered).toEqual([]);
  });
});