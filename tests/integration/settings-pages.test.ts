import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadShell } from "~/modules/shell/shell.server";
import { action as highContrastAction, loader as highContrastLoader } from "~/routes/settings.high-contrast";
import { loader as integrationsLoader } from "~/routes/settings.integrations";
import { loader as guideLoader } from "~/routes/settings.program-guide";
import { postSettings, programSettingsForm, saveSettings } from "../setup/program-settings-form";
import { createTestApp, effectiveContextFor, requestTo, settle, signInAs, type TestApp } from "../setup/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
});
afterAll(() => testApp.close());

async function guide(loginId: string) {
  const { cookie } = await signInAs(testApp.app, "acme", loginId);
  const response = await guideLoader({ request: requestTo("acme", "/settings/program-guide", { cookie }), context: await effectiveContextFor(testApp.app, "acme"), params: {} });
  return (await response.json()) as { html: string | null; canEdit: boolean };
}

describe("the program guide", () => {
  it("is written by a program manager in Program Settings as Markdown and shown to everyone rendered, without raw HTML or script links", async () => {
    const form = await programSettingsForm(testApp.app, "acme");
    await saveSettings(testApp.app, "acme", { ...form, programInfoText: "## Giving points\n\n**Monthly** [policy](https://example.com/policy) [x](javascript:alert(1)) <script>alert(1)</script>" });
    const shown = await guide("employee");
    expect(shown.canEdit).toBe(false);
    expect(shown.html).toContain("<h2>Giving points</h2>");
    expect(shown.html).toContain("<strong>Monthly</strong>");
    expect(shown.html).toContain('<a href="https://example.com/policy" rel="noopener noreferrer">policy</a>');
    expect(shown.html).not.toContain('href="javascript');
    expect(shown.html).not.toContain("<script");
    expect((await guide("admin")).canEdit).toBe(true);

    await saveSettings(testApp.app, "acme", { ...form, programInfoText: "" });
    expect((await guide("employee")).html).toBeNull();
  });

  it("refuses a guide over 2,000 characters beside its field", async () => {
    const form = await programSettingsForm(testApp.app, "acme");
    const response = await postSettings(testApp.app, "acme", "admin", { ...form, programInfoText: "x".repeat(2_001) });
    expect(response.status).toBe(400);
    const reply = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(reply.result.error.programInfoText).toEqual(["The guide has at most 2,000 characters"]);
  });
});

describe("the integrations page", () => {
  it("lists the core's connections first, each with its state from the deployment and the program's settings", async () => {
    const { cookie } = await signInAs(testApp.app, "globex", "employee");
    const response = await integrationsLoader({ request: requestTo("globex", "/settings/integrations", { cookie }), context: await effectiveContextFor(testApp.app, "globex"), params: {} });
    const { integrations } = (await response.json()) as { integrations: { name: string; connected: boolean; detail: string }[] };
    const byName = new Map(integrations.map((integration) => [integration.name, integration]));
    expect([...byName.keys()].slice(0, 5)).toEqual(["Single sign-on", "E-mail", "Text messages", "Push notifications", "GIFs"]);
    expect(byName.get("E-mail")).toEqual({ name: "E-mail", connected: true, detail: "Kept in the app's outbox: no mail server is configured." });
    expect(byName.get("Text messages")).toMatchObject({ connected: true, detail: "Kept in the app's outbox: no SMS gateway is configured." });
    expect(byName.get("GIFs")).toMatchObject({ connected: false });
  });
});

describe("high contrast", () => {
  it("is a person's choice where the program offers it, and marks every page of theirs while on", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "employee");
    const at = async (path: string, init: { method?: string; body?: URLSearchParams } = {}) => ({ request: requestTo("acme", path, { cookie, ...init }), context: await effectiveContextFor(testApp.app, "acme"), params: {} });
    const shell = async () => (await loadShell(await at("/feed"))).shell.highContrast;
    expect(await shell()).toBe(false);
    const saved = (await settle(async () => highContrastAction(await at("/settings/high-contrast", { method: "POST", body: new URLSearchParams({ highContrast: "on" }) })))) as Response;
    expect(saved.headers.get("Location")).toBe("/settings/high-contrast");
    expect(await shell()).toBe(true);
    expect(((await (await highContrastLoader(await at("/settings/high-contrast"))).json()) as { on: boolean }).on).toBe(true);
    await settle(async () => highContrastAction(await at("/settings/high-contrast", { method: "POST", body: new URLSearchParams() })));
    expect(await shell()).toBe(false);

    const globex = await signInAs(testApp.app, "globex", "employee");
    const refused = (await settle(async () => highContrastLoader({ request: requestTo("globex", "/settings/high-contrast", { cookie: globex.cookie }), context: await effectiveContextFor(testApp.app, "globex"), params: {} }))) as Response;
    expect(refused.headers.get("Location")).toBe("/feed");
  });
});
