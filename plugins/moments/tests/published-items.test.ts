import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerRegistry } from "~/modules/plugins/server-registry.server";
import { publishToFeed } from "~/modules/publications/publish.server";
import { coreContributions } from "~/modules/shell/core-contributions";
import { coreServerContributions } from "~/modules/shell/core-contributions.server";
import { probePlugin } from "../../../tests/fixtures/plugins/probe/plugin";
import { probeServer } from "../../../tests/fixtures/plugins/probe/plugin.server";
import { contextFor, createTestApp, requestTo, settle, signInAs, tenantOf, type TestApp } from "../../../tests/setup/test-app";
import type { FeedPost } from "../feed.server";
import { momentsPlugin } from "../plugin";
import { momentsServer } from "../plugin.server";
import { loader as pageLoader } from "../routes/feed.page";
import { action as postAction } from "../routes/post.$id";

const registry = createServerRegistry(coreContributions, [momentsPlugin, probePlugin], { core: coreServerContributions, plugins: [momentsServer, probeServer] });

let testApp: TestApp;
let tenantsDir: string;

beforeAll(async () => {
  // The probe's tenant, with Moments on too.
  tenantsDir = fs.mkdtempSync(path.join(os.tmpdir(), "recognize-feed-items-"));
  const alpha = JSON.parse(fs.readFileSync("tests/fixtures/tenants-probe/alpha.json", "utf8"));
  alpha.features.moments = { enabled: true };
  fs.writeFileSync(path.join(tenantsDir, "alpha.json"), JSON.stringify(alpha));
  testApp = await createTestApp({ tenantsDir, registry, population: 3 });
});
afterAll(async () => {
  await testApp.close();
  fs.rmSync(tenantsDir, { recursive: true, force: true });
});

async function feedAs(cookie: string) {
  const response = (await settle(() => pageLoader({ request: requestTo("alpha", "/feed/page", { cookie }), context: contextFor(testApp.app, "alpha"), params: {} }))) as Response;
  return ((await response.json()) as { posts: FeedPost[] }).posts;
}

describe("the feed shows what other plugins publish", () => {
  it("an item of another plugin's kind, among the posts, with the reactions and comments its post type allows", async () => {
    const db = testApp.app.database.forProgram(tenantOf(testApp.app, "alpha").programId);
    const id = await publishToFeed(registry, tenantOf(testApp.app, "alpha").config, db, { kind: "probeShoutout", foreignId: "shout-1", authorId: null, data: { text: "Well done, team" } });
    const { cookie } = await signInAs(testApp.app, "alpha", "employee");

    const item = (await feedAs(cookie)).find((post) => post.id === id);
    expect(item).toMatchObject({ kind: "probeShoutout", data: { text: "Well done, team" }, author: null, canAddLike: true, canAddComment: true, canEdit: false, canDelete: false });
    // Its menu holds what plugins add to the core's feed item actions.
    expect(item!.actions).toEqual([{ label: "Probe this", href: `/probe/items/${id}` }]);
    expect(registry.feedItemKinds(tenantOf(testApp.app, "alpha").config)).toEqual(expect.arrayContaining(["userGenerated", "probeShoutout"]));

    const reacted = (await settle(() =>
      postAction({
        request: requestTo("alpha", `/post/${id}?_data=x`, { method: "POST", body: new URLSearchParams({ intent: "react", reaction: "3", returnTo: "/feed" }), cookie }),
        context: contextFor(testApp.app, "alpha"),
        params: { id: String(id) },
      }),
    )) as Response;
    expect(reacted.status).toBe(200);
    expect((await feedAs(cookie)).find((post) => post.id === id)?.reactions).toEqual({ counts: { 3: 1 }, total: 1, viewer: 3 });
  });

  it("with the people it names as its mentions, points included, recorded in the publisher's transaction; none while Moments is off", async () => {
    const { app } = testApp;
    const alpha = tenantOf(app, "alpha");
    const db = app.database.forProgram(alpha.programId);
    const manager = (await db.selectFrom("employee").select("id").where("login_id", "=", "manager").executeTakeFirstOrThrow()).id;
    const id = await db.transaction((tx) =>
      publishToFeed(registry, alpha.config, tx, { kind: "probeShoutout", foreignId: "shout-2", authorId: null, data: { text: "Ten years!" }, mentions: [{ employeeId: manager, points: 25 }] }),
    );
    const { cookie } = await signInAs(app, "alpha", "employee");
    const item = (await feedAs(cookie)).find((post) => post.id === id)!;
    expect(item.mentions.map((mention) => [mention.person.id, mention.points])).toEqual([[manager, 25]]);

    const momentsOff = { ...alpha.config, features: { ...alpha.config.features, moments: { ...alpha.config.features.moments!, enabled: false } } };
    const quiet = await publishToFeed(registry, momentsOff, db, { kind: "probeShoutout", foreignId: "shout-3", authorId: null, data: { text: "Quiet" }, mentions: [{ employeeId: manager }] });
    expect(await db.selectFrom("post_mention").select("id").where("post_id", "=", quiet!).execute()).toEqual([]);
  });
});
