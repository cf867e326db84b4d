import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSession, NOT_ALLOWED, NOT_IN_PROGRAM } from "~/modules/auth/guards.server";
import { guardPluginRoutes } from "~/modules/plugins/route-guard.server";
import { loader as settingsLoader } from "~/routes/program-settings";
import { crossProgramDb } from "~/modules/db/database.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { loader as rootLoader } from "~/root";
import { action as dismissAction } from "~/routes/notices.dismiss";
import { loader as feedLoader } from "~/routes/feed";
import { contextFor, createTestApp, formPost, requestTo, settle, signInAs, type TestApp, tenantOf } from "../setup/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ env: { GLOBAL_NOTICE_MESSAGE: "Planned maintenance on Sunday 02:00-03:00 UTC.", GLOBAL_NOTICE_TYPE: "warning" } });
});
afterAll(() => testApp.close());

type RootData = Awaited<ReturnType<Awaited<ReturnType<typeof rootLoader>>["json"]>>;

async function rootData(subdomain: string, cookie?: string) {
  const response = await rootLoader({ request: requestTo(subdomain, "/feed", { cookie }), context: contextFor(testApp.app, subdomain), params: {} });
  return { data: (await response.json()) as RootData, response };
}

describe("the shell", () => {
  it("brands the page with the tenant's name, logo and colour version, and no menus for visitors", async () => {
    const { data } = await rootData("globex");
    expect(data.brand).toEqual({ name: "Globex", logoUrl: "/tenants/globex.svg", logoAlt: "Globex" });
    expect(data.colorVersion).toMatch(/^[0-9a-z]+$/);
    expect(data.viewer).toBeNull();
    expect(data.menus).toBeNull();
  });

  it("shows the signed-in employee and menus from the registry", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "manager");
    const { data } = await rootData("acme", cookie);
    expect(data.viewer).toMatchObject({ displayName: "Morgan Manager", firstName: "Morgan" });
    expect(Object.keys(data.menus!)).toEqual(["admin", "recognize", "incentives", "shop", "profile"]);
  });

  it("shows a flash message once, after the redirect that set it", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "employee");
    const args = { request: requestTo("acme", "/somewhere", { cookie }), context: contextFor(testApp.app, "acme") };
    const redirect = await redirectWithToast(args, "/feed", { type: "success", message: "Saved." });
    expect(redirect.headers.get("Location")).toBe("/feed");

    const first = await rootData("acme", cookie);
    expect(first.data.toast).toEqual({ type: "success", message: "Saved." });
    expect(first.response.headers.get("Set-Cookie")).toMatch(/^__session=/);
    const second = await rootData("acme", cookie);
    expect(second.data.toast).toBeNull();
  });

  it("gives a visitor's flash message a short-lived cookie, not a session, and shows it once", async () => {
    const args = { request: requestTo("acme", "/reset/set/x"), context: contextFor(testApp.app, "acme") };
    const redirect = await redirectWithToast(args, "/login", { type: "success", message: "Password has been set" });
    const flash = redirect.headers.get("Set-Cookie")!;
    expect(flash).toMatch(/^__flash=.*Max-Age=60/);
    const first = await rootData("acme", flash.split(";")[0]);
    expect(first.data.toast).toEqual({ type: "success", message: "Password has been set" });
    expect(first.response.headers.get("Set-Cookie")).toMatch(/^__flash=;.*Max-Age=0/);
  });

  it("shows the global and the program notice until each is closed", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "employee");
    const before = await rootData("acme", cookie);
    expect(before.data.notices).toEqual([
      { key: "global", type: "warning", message: "Planned maintenance on Sunday 02:00-03:00 UTC.", closeable: true },
      { key: "program:q4-awards", type: "info", message: "Nominations for the Q4 awards close on 15 December.", closeable: true },
    ]);

    const closed = (await settle(() =>
      dismissAction({ request: formPost("acme", "/notices/dismiss", { noticeKey: "program:q4-awards", redirectTo: "/feed?x=1" }, cookie), context: contextFor(testApp.app, "acme"), params: {} }),
    )) as Response;
    expect(closed.headers.get("Location")).toBe("/feed?x=1");
    const after = await rootData("acme", `${cookie}; ${closed.headers.get("Set-Cookie")!.split(";")[0]}`);
    expect(after.data.notices.map((n) => n.key)).toEqual(["global"]);

    const globex = await rootData("globex");
    expect(globex.data.notices.map((n) => n.key)).toEqual(["global"]);
  });

  it("stores nothing for a visitor: closed notices live in a small bounded cookie, and 200 anonymous posts store no session", async () => {
    const storedSessions = async () =>
      testApp.app.redis
        ? (await testApp.app.redis.keys("session:*")).length
        : Number((await crossProgramDb(testApp.app.database).selectFrom("session").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const before = await storedSessions();
    let visitor = "";
    for (let i = 0; i < 200; i++) {
      const noticeKey = i === 199 ? "global" : `program:notice-${i}`;
      const response = (await settle(() =>
        dismissAction({ request: formPost("acme", "/notices/dismiss", { noticeKey }, visitor || undefined), context: contextFor(testApp.app, "acme"), params: {} }),
      )) as Response;
      expect(response.headers.get("Set-Cookie")).not.toMatch(/__session=/);
      visitor = response.headers.get("Set-Cookie")!.split(";")[0]!;
    }
    expect(await storedSessions()).toBe(before);
    expect(visitor.length).toBeLessThan(1024);
    const { data } = await rootData("acme", visitor);
    expect(data.notices.map((n) => n.key)).toEqual(["program:q4-awards"]);
  });

  it("says why when a guard sends someone to the feed", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "employee");
    const refused = (await settle(() =>
      settingsLoader({ request: requestTo("acme", "/program-settings", { cookie }), context: contextFor(testApp.app, "acme"), params: {} }),
    )) as Response;
    expect(refused.headers.get("Location")).toBe("/feed");
    const { data } = await rootData("acme", cookie);
    expect(data.toast).toEqual({ type: "error", message: NOT_ALLOWED });

    // A visitor at a page of a plugin the program has off: the reason rides in the visitor's flash cookie.
    const off = testApp.app.registry.plugins.find((plugin) => !tenantOf(testApp.app, "globex").config.features[plugin.id]?.enabled)!;
    const routeId = `plugins/${off.id}/x`;
    const build = { routes: { [routeId]: { id: routeId, path: "x", parentId: "root", module: { loader: async () => null } } } };
    const guarded = guardPluginRoutes(build as never, testApp.app.registry).routes[routeId]!.module.loader as (args: unknown) => Promise<unknown>;
    const visitor = (await settle(() => guarded({ request: requestTo("globex", "/x"), context: contextFor(testApp.app, "globex"), params: {} }))) as Response;
    expect(visitor.headers.get("Location")).toBe("/feed");
    const flash = visitor.headers.get("Set-Cookie")!.split(";")[0]!;
    expect((await rootData("globex", flash)).data.toast).toEqual({ type: "error", message: NOT_IN_PROGRAM });
  });

  it("refuses a malformed notice key", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "employee");
    const response = (await settle(() =>
      dismissAction({ request: formPost("acme", "/notices/dismiss", { noticeKey: "<script>" }, cookie), context: contextFor(testApp.app, "acme"), params: {} }),
    )) as Response;
    expect(response.status).toBe(400);
  });

  it("fills the feed's sidebars: the profile and approvals cards left, the contact-us card right when the tenant shows it", async () => {
    const acme = await signInAs(testApp.app, "acme", "employee");
    const acmeFeed = (await feedLoader({ request: requestTo("acme", "/feed", { cookie: acme.cookie }), context: contextFor(testApp.app, "acme"), params: {} })) as Response;
    const { sidebars } = await acmeFeed.json();
    expect(sidebars.left).toEqual([
      {
        id: "core/profile",
        data: {
          id: acme.employeeId,
          firstName: "Emery",
          lastName: "Employee",
          displayName: "Emery Employee",
          jobTitle: "Software Engineer",
          tiles: [{ label: "Points to Spend", points: 2_500, to: "/transaction-history/my-points" }],
        },
      },
      // Nothing waits for an employee's approval.
      { id: "core/approvals", data: { waiting: [], failed: false } },
    ]);
    // The core's cards only: plugins' cards are their own tests' business.
    const coreCards = (cards: { id: string }[]) => cards.filter((card) => card.id.startsWith("core/"));
    expect(coreCards(sidebars.right).map((card) => card.id)).toEqual(["core/redeem-code", "core/contact-us"]);
    expect(coreCards(sidebars.right)[1]).toMatchObject({ data: { headline: "Questions about Acme Applause?" } });

    const globex = await signInAs(testApp.app, "globex", "employee");
    const globexFeed = (await feedLoader({ request: requestTo("globex", "/feed", { cookie: globex.cookie }), context: contextFor(testApp.app, "globex"), params: {} })) as Response;
    expect(coreCards((await globexFeed.json()).sidebars.right).map((card) => card.id)).toEqual(["core/redeem-code"]);
  });

  it("keeps a session's state per request: one session read however many loaders ask", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "employee");
    const context = contextFor(testApp.app, "acme");
    const request = requestTo("acme", "/feed", { cookie });
    const [a, b] = await Promise.all([getSession({ request, context }), getSession({ request, context })]);
    expect(a).toBe(b);
  });
});
