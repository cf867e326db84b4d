import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getViewer } from "~/modules/auth/guards.server";
import { balanceOf } from "~/modules/points/ledger.server";
import { loadSidebars } from "~/modules/shell/sidebars.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/program-settings";
import { createTestApp, effectiveContextFor, formPost, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
});
afterAll(() => testApp.close());

async function saveOk(fields: Record<string, string>) {
  const response = await save("admin", fields);
  expect(response.headers.get("Location"), JSON.stringify(fields)).toBe("/program-settings");
}

async function save(loginId: string, fields: Record<string, string>) {
  const { cookie } = await signInAs(testApp.app, "acme", loginId);
  return (await settle(async () =>
    settingsAction({ request: formPost("acme", "/program-settings", fields, cookie), context: await effectiveContextFor(testApp.app, "acme"), params: {} }),
  )) as Response;
}

async function viewerOf(loginId: string) {
  const { cookie } = await signInAs(testApp.app, "acme", loginId);
  const args = { request: requestTo("acme", "/feed", { cookie }), context: await effectiveContextFor(testApp.app, "acme") };
  return { viewer: (await getViewer(args))!, args };
}

describe("program settings", () => {
  it("are for program managers only", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "manager");
    const page = (await settle(async () =>
      settingsLoader({ request: requestTo("acme", "/program-settings", { cookie }), context: await effectiveContextFor(testApp.app, "acme"), params: {} }),
    )) as Response;
    expect(page.headers.get("Location")).toBe("/feed");
    const post = await save("manager", { intent: "features" });
    expect(post.headers.get("Location")).toBe("/feed");
  });

  it("switch a plugin off: its menu entries and card go, on the next request, without a restart", async () => {
    const before = await viewerOf("admin");
    expect(testApp.app.registry.menus(before.viewer).admin.map((l) => l.label)).toContain("Create Lots");

    const response = await save("admin", { intent: "features" });
    expect(response.headers.get("Location")).toBe("/program-settings");

    const after = await viewerOf("admin");
    expect(after.viewer.tenant.features.lots.enabled).toBe(false);
    expect(testApp.app.registry.menus(after.viewer).admin.map((l) => l.label)).toEqual(["Program Settings", "Act as an Employee"]);
    const sidebars = await loadSidebars(after.args, after.viewer);
    expect(sidebars.right.map((c) => c.id)).not.toContain("lots/activate-lot");

    const globex = await testApp.app.tenantSettings.effective(tenantOf(testApp.app, "globex"));
    expect(globex).toBe(tenantOf(testApp.app, "globex"));

    await saveOk({ intent: "features", "feature:lots": "on" });
    expect((await viewerOf("admin")).viewer.tenant.features.lots.enabled).toBe(true);
  });

  it("edit site flags, texts and notices, each change audited with who and what", async () => {
    await saveOk({ intent: "flags", highContrastEnabled: "on", contactUsCardOnHomepage: "on" });
    await saveOk({
      intent: "texts",
      contactUsHeadlineText: "Need help?",
      contactUsText: "Ask the People team.",
      welcomeHeadlineText: "Hello",
      welcomeText: "Welcome!",
      welcomePostExpirationDays: "14",
      programInfoText: "",
    });
    await saveOk({ intent: "add-notice", type: "warning", message: "Store closed on Friday.", closeable: "on" });

    const { viewer } = await viewerOf("employee");
    expect(viewer.tenant.siteConfig).toMatchObject({ highContrastEnabled: true, cityStateEnabled: false, contactUsHeadlineText: "Need help?", welcomePostExpirationDays: 14 });
    expect(viewer.tenant.notices.map((n) => n.message)).toEqual(["Nominations for the Q4 awards close on 15 December.", "Store closed on Friday."]);

    const changes = await testApp.app.tenantSettings.changes(tenantOf(testApp.app, "acme").programId);
    expect(changes[0]).toMatchObject({ by: "Alex Admin", source: "settings" });
    expect(changes[0].changes[0]).toMatch(/^notices: /);
    expect(changes[1].changes).toContain('siteConfig.contactUsHeadlineText: (file) → "Need help?"');
    expect(changes[2].changes).toContain("siteConfig.cityStateEnabled: (file) → false");

    const noticeId = viewer.tenant.notices[1].id;
    await saveOk({ intent: "remove-notice", noticeId });
    expect((await viewerOf("employee")).viewer.tenant.notices).toHaveLength(1);
  });

  it("refuse a bad value beside its field and store nothing", async () => {
    const programId = tenantOf(testApp.app, "acme").programId;
    const before = await testApp.app.tenantSettings.overridesOf(programId);
    const response = await save("admin", {
      intent: "texts",
      contactUsHeadlineText: "x".repeat(121),
      contactUsText: "ok",
      welcomeHeadlineText: "",
      welcomeText: "",
      welcomePostExpirationDays: "0",
      programInfoText: "",
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(Object.keys(body.result.error).sort()).toEqual(["contactUsHeadlineText", "welcomePostExpirationDays"]);
    expect(body.result.initialValue.contactUsText).toBe("ok");
    expect(await testApp.app.tenantSettings.overridesOf(programId)).toEqual(before);

    const empty = await save("admin", { intent: "add-notice", type: "shout", message: " " });
    expect((await empty.json()).result.error).toEqual({ type: ["Choose a notice type"], message: ["Enter the notice text"] });
  });

  it("add points to the program's bucket once per form, with who and why in the ledger", async () => {
    const db = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
    const before = await balanceOf(db, { kind: "PROGRAM_BUCKET" });
    const fields = { intent: "deposit", amount: "5000", reason: "Q1 budget", depositKey: "form-1" };
    await saveOk(fields);
    await saveOk(fields);
    expect(await balanceOf(db, { kind: "PROGRAM_BUCKET" })).toBe(before + 5000);
    const entry = await db.selectFrom("points_transfer").select(["reason", "actor_employee_id"]).where("idempotency_key", "=", "bucket-deposit:form-1").executeTakeFirstOrThrow();
    expect(entry).toEqual({ reason: "Q1 budget", actor_employee_id: (await signInAs(testApp.app, "acme", "admin")).employeeId });

    const bad = await save("admin", { intent: "deposit", amount: "-3", reason: "", depositKey: "form-2" });
    expect((await bad.json()).result.error).toEqual({ amount: ["Point values must be a positive whole number."], reason: ["Say what the deposit is for"] });
  });

  it("take only whole numbers up to the documented maximum, and keep a bucket past 32 bits", async () => {
    const db = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
    for (const amount of ["0x10", "1e3", " 7", "1.5", "0"]) {
      const refused = await save("admin", { intent: "deposit", amount, reason: "Odd", depositKey: `odd-${amount}` });
      expect((await refused.json()).result.error, amount).toEqual({ amount: ["Point values must be a positive whole number."] });
    }
    const tooBig = await save("admin", { intent: "deposit", amount: "100000001", reason: "Too much", depositKey: "big" });
    expect((await tooBig.json()).result.error).toEqual({ amount: ["At most 100,000,000 points at a time"] });

    const before = await balanceOf(db, { kind: "PROGRAM_BUCKET" });
    for (let i = 0; i < 22; i++) await saveOk({ intent: "deposit", amount: "100000000", reason: "Annual budget", depositKey: `annual-${i}` });
    expect(await balanceOf(db, { kind: "PROGRAM_BUCKET" })).toBe(before + 2_200_000_000);
  });

  it("validate the merged result with the tenant schema itself", () => {
    const settings = testApp.app.tenantSettings;
    const file = tenantOf(testApp.app, "acme").config;
    const result = settings.merge(file, { siteConfig: { welcomePostExpirationDays: 1000 } });
    expect(result).toEqual({ ok: false, problems: [{ path: "$.siteConfig.welcomePostExpirationDays", message: "Too big: expected number to be <=365" }] });
    expect(settings.merge(file, { features: { removed: { enabled: true } } }).ok).toBe(true);
  });
});
