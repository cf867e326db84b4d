import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { programSettingsForm, saveSettings, settingsChanges, settingsViewer } from "../../../tests/setup/program-settings-form";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
});
afterAll(() => testApp.close());

describe("Moments' section of the program settings", () => {
  it("edits the feed config, nested options included; the history names each by its label, and the feed follows", async () => {
    const form = await programSettingsForm(testApp.app, "acme");
    expect(form).toMatchObject({ "option.moments.reactions.love.enabled": "on", "option.moments.postTypes.userGenerated.commentsEnabled": "on" });
    const { "option.moments.reactions.love.enabled": _love, "option.moments.postTypes.userGenerated.commentsEnabled": _comments, ...changed } = form;
    await saveSettings(testApp.app, "acme", changed);

    const { viewer } = await settingsViewer(testApp.app, "acme", "employee");
    expect(viewer.tenant.features.moments).toMatchObject({
      enabled: true,
      reactions: { like: { enabled: true }, love: { enabled: false } },
      postTypes: { userGenerated: { postsEnabled: true, commentsEnabled: false } },
    });
    const [latest] = await settingsChanges(testApp.app, "acme");
    expect(latest!.changes).toEqual(["Moments, Comments on employees' posts: switched off", "Moments, Reaction: Love: switched off"]);

    await saveSettings(testApp.app, "acme", { ...(await programSettingsForm(testApp.app, "acme")), "option.moments.reactions.love.enabled": "on", "option.moments.postTypes.userGenerated.commentsEnabled": "on" });
    const after = (await settingsViewer(testApp.app, "acme", "employee")).viewer.tenant.features.moments;
    expect(after).toMatchObject({ reactions: { love: { enabled: true } }, postTypes: { userGenerated: { commentsEnabled: true } } });
  });
});
