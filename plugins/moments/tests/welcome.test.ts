import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/modules/auth/viewer";
import type { CardLoadArgs } from "~/modules/plugins/manifest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { TenantConfig } from "~/modules/tenants/tenant";
import { contextFor, createTestApp, requestTo, settle, signInAs, tenantOf, type TestApp } from "../../../tests/setup/test-app";
import { action as hideAction } from "../routes/welcome-post.hide";
import { welcomeCardData, welcomePostExpired } from "../welcome.server";

let testApp: TestApp;
let acme: ProgramDb;
let config: TenantConfig;

beforeAll(async () => {
  testApp = await createTestApp({ population: 4 });
  const tenant = tenantOf(testApp.app, "acme");
  acme = testApp.app.database.forProgram(tenant.programId);
  config = tenant.config;
});
afterAll(() => testApp.close());

const DAY = 24 * 60 * 60 * 1000;

async function employeeId(loginId: string) {
  return (await acme.selectFrom("employee").select("id").where("login_id", "=", loginId).executeTakeFirstOrThrow()).id;
}

function cardArgs(id: number, siteConfig: Partial<TenantConfig["siteConfig"]> = {}): CardLoadArgs {
  const viewer = { employee: { id }, tenant: { ...config, siteConfig: { ...config.siteConfig, ...siteConfig } } } as unknown as Viewer;
  return { viewer, db: acme, request: requestTo("acme", "/feed"), params: {}, registry: testApp.app.registry, app: testApp.app };
}

describe("the welcome post", () => {
  it("expires once its initial date plus the expiration days has passed, and only when an expiration is set", () => {
    const start = new Date("2026-11-01T00:00:00Z");
    const thirty = { welcomePostExpirationSet: true, welcomePostExpirationDays: 30 };
    expect(welcomePostExpired(thirty, start, new Date(start.getTime() + 30 * DAY - 1))).toBe(false);
    expect(welcomePostExpired(thirty, start, new Date(start.getTime() + 30 * DAY))).toBe(true);
    expect(welcomePostExpired({ ...thirty, welcomePostExpirationSet: false }, start, new Date(start.getTime() + 400 * DAY))).toBe(false);
  });

  it("shows the program's texts, starts the employee's clock the first time, and is gone after the expiration days", async () => {
    const id = await employeeId("employee");
    await acme.updateTable("employee").set({ welcome_post_initial_date: null, welcome_post_hidden: false }).where("id", "=", id).execute();
    const now = new Date();
    const shown = await welcomeCardData(cardArgs(id, { welcomeHeadlineText: "Hello Acme", welcomeText: "Say thanks.", welcomePostExpirationSet: true, welcomePostExpirationDays: 7 }), now);
    expect(shown).toEqual({ headline: "Hello Acme", text: "Say thanks.", image: null, closeable: true });
    const row = await acme.selectFrom("employee").select("welcome_post_initial_date").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.welcome_post_initial_date?.getTime()).toBe(now.getTime());
    const later = new Date(now.getTime() + 7 * DAY);
    expect(await welcomeCardData(cardArgs(id, { welcomeHeadlineText: "Hello Acme", welcomePostExpirationSet: true, welcomePostExpirationDays: 7 }), later)).toBeNull();
    expect(await welcomeCardData(cardArgs(id, { welcomeHeadlineText: "Hello Acme", welcomePostExpirationSet: false }), later)).not.toBeNull();
  });

  it("is not shown when the program has no welcome texts or image", async () => {
    expect(await welcomeCardData(cardArgs(await employeeId("employee"), { welcomeHeadlineText: "", welcomeText: "", welcomeImageAsset: undefined }))).toBeNull();
  });

  it("closes for good for the employee who closed it, unless the program pinned it", async () => {
    const { cookie, employeeId: id } = await signInAs(testApp.app, "acme", "manager");
    const close = (context = contextFor(testApp.app, "acme")) =>
      settle(() => hideAction({ request: requestTo("acme", "/welcome-post/hide?_data=x", { method: "POST", cookie }), context, params: {} })) as Promise<Response>;

    const pinnedContext = contextFor(testApp.app, "acme");
    pinnedContext.tenant = { ...pinnedContext.tenant, config: { ...config, siteConfig: { ...config.siteConfig, welcomePostPinned: true } } };
    expect((await close(pinnedContext)).status).toBe(409);
    expect(await welcomeCardData(cardArgs(id, { welcomePostPinned: true }))).toMatchObject({ closeable: false });

    expect((await close()).status).toBe(200);
    expect(await welcomeCardData(cardArgs(id))).toBeNull();
    expect(await welcomeCardData(cardArgs(await employeeId("employee")))).not.toBeNull();
  });
});
