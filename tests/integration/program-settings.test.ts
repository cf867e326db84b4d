import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceOf } from "~/modules/points/ledger.server";
import { loadSidebars } from "~/modules/shell/sidebars.server";
import type { Viewer } from "~/modules/auth/viewer";
import { loader as settingsLoader } from "~/routes/program-settings";
import { action as bucketAction } from "~/routes/program-settings_.points-bucket";
import { formBody, postSettings, programSettingsForm, saveSettings, settingsChanges, settingsViewer, type FormFields } from "../setup/program-settings-form";
import { createTestApp, effectiveContextFor, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
});
afterAll(() => testApp.close());

type Fields = FormFields;
const pageForm = () => programSettingsForm(testApp.app, "acme");
const saveOk = (fields: Fields) => saveSettings(testApp.app, "acme", fields);
const save = (loginId: string, fields: Fields) => postSettings(testApp.app, "acme", loginId, fields);
const viewerOf = (loginId: string) => settingsViewer(testApp.app, "acme", loginId);
const changesOf = () => settingsChanges(testApp.app, "acme");

async function deposit(fields: Fields, loginId = "admin") {
  const { cookie } = await signInAs(testApp.app, "acme", loginId);
  const request = requestTo("acme", "/program-settings/points-bucket", { method: "POST", body: formBody(fields), cookie });
  return (await settle(async () => bucketAction({ request, context: await effectiveContextFor(testApp.app, "acme"), params: {} }))) as Response;
}

/** A plugin Acme has on with menu entries and a card: the core's tests switch it without knowing which it is. */
function switchablePlugin() {
  const plugin = testApp.app.registry.plugins.find(
    (p) => tenantOf(testApp.app, "acme").config.features[p.id]?.enabled && (p.menuEntries?.length ?? 0) > 0 && (p.sidebarCards?.length ?? 0) > 0,
  );
  if (!plugin) throw new Error("Acme has no plugin on with menu entries and a card");
  return plugin;
}

describe("program settings", () => {
  it("are for program managers only", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "manager");
    const page = (await settle(async () =>
      settingsLoader({ request: requestTo("acme", "/program-settings", { cookie }), context: await effectiveContextFor(testApp.app, "acme"), params: {} }),
    )) as Response;
    expect(page.headers.get("Location")).toBe("/feed");
    expect((await save("manager", await pageForm())).headers.get("Location")).toBe("/feed");
    expect((await deposit({ amount: "5", reason: "x" }, "manager")).headers.get("Location")).toBe("/feed");
  });

  it("offer only switches the product acts on; the others arrive with their features", async () => {
    const form = await pageForm();
    expect(Object.keys(form).filter((name) => !name.includes("."))).toEqual(expect.arrayContaining(["contactUsHeadlineText", "contactUsText"]));
    const { cookie } = await signInAs(testApp.app, "acme", "admin");
    const page = await (await settingsLoader({ request: requestTo("acme", "/program-settings", { cookie }), context: await effectiveContextFor(testApp.app, "acme"), params: {} })).json();
    expect(page.switches.map((s: { key: string }) => s.key)).toEqual(["twoFactorEnabled", "contactUsCardOnHomepage", "employeePreferencesEnabled", "highContrastEnabled", "notificationsEnabled"]);
    expect(page.features.map((f: { id: string }) => f.id)).toEqual(testApp.app.registry.plugins.map((p) => p.id));
  });

  it("switch a plugin off: its menu entries and card go, on the next request, without a restart", async () => {
    const plugin = switchablePlugin();
    const links = (viewer: Viewer) => Object.values(testApp.app.registry.menus(viewer)).flat().map((link) => link.to);
    const cards = async ({ args, viewer }: Awaited<ReturnType<typeof viewerOf>>) => Object.values(await loadSidebars(args, viewer)).flat().map((card) => card.id);
    const before = await viewerOf("admin");
    expect(links(before.viewer)).toEqual(expect.arrayContaining(plugin.menuEntries!.map((entry) => entry.to)));
    expect(await cards(before)).toEqual(expect.arrayContaining(plugin.sidebarCards!.map((card) => card.id)));

    const { [`feature.${plugin.id}`]: _on, ...withoutPlugin } = await pageForm();
    await saveOk(withoutPlugin);

    const after = await viewerOf("admin");
    expect(after.viewer.tenant.features[plugin.id]!.enabled).toBe(false);
    expect(links(after.viewer).filter((to) => plugin.menuEntries!.some((entry) => entry.to === to))).toEqual([]);
    expect((await cards(after)).filter((id) => plugin.sidebarCards!.some((card) => card.id === id))).toEqual([]);
    expect(links(after.viewer)).toEqual(expect.arrayContaining(["/program-settings", "/admin/people"]));

    const globex = await testApp.app.tenantSettings.effective(tenantOf(testApp.app, "globex"));
    expect(globex).toBe(tenantOf(testApp.app, "globex"));

    await saveOk({ ...(await pageForm()), [`feature.${plugin.id}`]: "on" });
    expect((await viewerOf("admin")).viewer.tenant.features[plugin.id]!.enabled).toBe(true);
  });

  it("save every section in one form, so an edit in one section is never lost to another's save", async () => {
    await saveOk({ ...(await pageForm()), contactUsCardOnHomepage: "on", contactUsHeadlineText: "Need help?", "newNotice.message": "Store closed on Friday.", "newNotice.type": "warning" });
    const { viewer } = await viewerOf("employee");
    expect(viewer.tenant.siteConfig).toMatchObject({ contactUsCardOnHomepage: true, contactUsHeadlineText: "Need help?" });
    expect(viewer.tenant.notices.map((n) => [n.type, n.message, n.closeable])).toEqual([
      ["info", "Nominations for the Q4 awards close on 15 December.", true],
      ["warning", "Store closed on Friday.", true],
    ]);

    await saveOk({ ...(await pageForm()), removeNotice: viewer.tenant.notices[1].id });
    expect((await viewerOf("employee")).viewer.tenant.notices).toHaveLength(1);
  });

  it("audit each save with who, and only what changed, by label", async () => {
    await saveOk({ ...(await pageForm()), contactUsText: "Ask the People team." });
    await saveOk(await pageForm());
    const plugin = switchablePlugin();
    const { [`feature.${plugin.id}`]: _on, ...withoutPlugin } = await pageForm();
    await saveOk({ ...withoutPlugin, "newNotice.message": "Back on Monday." });
    await saveOk({ ...(await pageForm()), [`feature.${plugin.id}`]: "on" });

    const changes = await changesOf();
    expect(changes[0]).toMatchObject({ by: "Alex Admin", source: "settings", changes: [`${plugin.title}: switched on`] });
    expect(changes[1].changes).toEqual([`${plugin.title}: switched off`, "Notice added: “Back on Monday.”"]);
    expect(changes[2].changes).toEqual([]);
    expect(changes[3].changes).toEqual(["Contact-us text: “Write to recognition@acme.example.com or call the People te…” → “Ask the People team.”"]);
  });

  it("refuse a bad value beside its field, keep everything typed, and store nothing", async () => {
    const programId = tenantOf(testApp.app, "acme").programId;
    const before = await testApp.app.tenantSettings.overridesOf(programId);
    const response = await save("admin", { ...(await pageForm()), contactUsHeadlineText: "x".repeat(121), contactUsText: "ok", "newNotice.message": "y".repeat(501) });
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error).toEqual({ contactUsHeadlineText: ["A headline has at most 120 characters"], "newNotice.message": ["A notice has at most 500 characters"] });
    expect(result.initialValue).toMatchObject({ contactUsText: "ok", feature: { [switchablePlugin().id]: "on" } });
    expect(await testApp.app.tenantSettings.overridesOf(programId)).toEqual(before);

    const noType = await save("admin", { ...(await pageForm()), "newNotice.type": "shout", "newNotice.message": "Hi" });
    expect((await noType.json()).result.error).toEqual({ "newNotice.type": ["Choose a notice type"] });
  });

  it("allow at most 5 notices", async () => {
    for (let i = (await viewerOf("employee")).viewer.tenant.notices.length; i < 5; i++) await saveOk({ ...(await pageForm()), "newNotice.message": `Notice ${i}` });
    const refused = await save("admin", { ...(await pageForm()), "newNotice.message": "One too many" });
    expect((await refused.json()).result.error).toEqual({ "newNotice.message": ["A program has at most 5 notices."] });
    const notices = (await viewerOf("employee")).viewer.tenant.notices;
    await saveOk({ ...(await pageForm()), removeNotice: notices.slice(1).map((n) => n.id) });
  });

  it("add points to the program's bucket once per form, with who and why in the ledger", async () => {
    const db = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
    const before = await balanceOf(db, { kind: "PROGRAM_BUCKET" });
    const fields = { amount: "5000", reason: "Q1 budget", depositKey: "form-1" };
    expect((await deposit(fields)).headers.get("Location")).toBe("/program-settings/points-bucket");
    await deposit(fields);
    expect(await balanceOf(db, { kind: "PROGRAM_BUCKET" })).toBe(before + 5000);
    const entry = await db.selectFrom("points_transfer").select(["reason", "actor_employee_id"]).where("idempotency_key", "=", "bucket-deposit:form-1").executeTakeFirstOrThrow();
    expect(entry).toEqual({ reason: "Q1 budget", actor_employee_id: (await signInAs(testApp.app, "acme", "admin")).employeeId });

    const bad = await deposit({ amount: "-3", reason: "", depositKey: "form-2" });
    expect((await bad.json()).result.error).toEqual({ amount: ["Point values must be a positive whole number."], reason: ["Say what the deposit is for"] });
  });

  it("take only whole numbers up to the documented maximum, and keep a bucket past 32 bits", async () => {
    const db = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
    for (const amount of ["0x10", "1e3", " 7", "1.5", "0"]) {
      const refused = await deposit({ amount, reason: "Odd", depositKey: `odd-${amount}` });
      expect((await refused.json()).result.error, amount).toEqual({ amount: ["Point values must be a positive whole number."] });
    }
    const tooBig = await deposit({ amount: "100000001", reason: "Too much", depositKey: "big" });
    expect((await tooBig.json()).result.error).toEqual({ amount: ["At most 100,000,000 points at a time"] });

    const before = await balanceOf(db, { kind: "PROGRAM_BUCKET" });
    for (let i = 0; i < 22; i++) expect((await deposit({ amount: "100000000", reason: "Annual budget", depositKey: `annual-${i}` })).status).toBe(302);
    expect(await balanceOf(db, { kind: "PROGRAM_BUCKET" })).toBe(before + 2_200_000_000);
  });

  it("validate the merged result with the tenant schema itself", () => {
    const settings = testApp.app.tenantSettings;
    const file = tenantOf(testApp.app, "acme").config;
    const result = settings.merge(file, { siteConfig: { welcomePostExpirationDays: 1000 } });
    expect(result).toEqual({ ok: false, problems: [{ path: "$.siteConfig.welcomePostExpirationDays", message: "Too big: expected number to be <=365" }] });
    expect(settings.merge(file, { features: { removed: { enabled: true } } }).ok).toBe(true);
  });
  it("edit the channels and reminders, refusing a day that is not a whole number in range beside its field", async () => {
    const form = await pageForm();
    expect(form["notifications.reminders.login.afterDays"]).toBe("14");
    const refused = await save("admin", { ...form, "notifications.reminders.refill.dayOfMonth": "31", "notifications.reminders.login.afterDays": "1.5" });
    expect(refused.status).toBe(400);
    const { result } = (await refused.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error).toEqual({
      "notifications.reminders.refill.dayOfMonth": ["At most 28"],
      "notifications.reminders.login.afterDays": ["The number of days must be a whole number from 1 to 365"],
    });

    const { "notifications.reminders.refill.enabled": _refill, ...withoutRefill } = form;
    await saveOk({ ...withoutRefill, "notifications.smsEnabled": "on", "notifications.reminders.login.afterDays": "7", "notifications.reminders.login.text": "Come back to {program}!" });
    const { reminders, smsEnabled } = (await testApp.app.tenantSettings.effective(tenantOf(testApp.app, "acme"))).config.notifications;
    expect(smsEnabled).toBe(true);
    expect(reminders).toEqual({ login: { enabled: true, afterDays: 7, text: "Come back to {program}!" }, refill: { enabled: false, dayOfMonth: 25, text: reminders.refill.text }, approvals: { enabled: true, afterDays: 3 } });
    const [latest] = await changesOf();
    expect(latest!.changes).toEqual([
      "Login reminder, days without signing in: 14 → 7",
      "Login reminder text: “It has been {days} days since you last visited {program}. S…” → “Come back to {program}!”",
      "Refill reminder: switched off",
      "Text messages: switched on",
    ]);
  });
});
