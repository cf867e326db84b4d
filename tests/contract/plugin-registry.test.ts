import { crossProgramDb } from "~/modules/db/database.server";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import type { ServerBuild } from "@remix-run/node";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCurrentEmployee } from "~/modules/employees/service.server";
import type { Viewer } from "~/modules/auth/viewer";
import { createRegistry } from "~/modules/plugins/registry";
import { createServerRegistry } from "~/modules/plugins/server-registry.server";
import { guardPluginRoutes } from "~/modules/plugins/route-guard.server";
import { coreContributions } from "~/modules/shell/core-contributions";
import { coreServerContributions } from "~/modules/shell/core-contributions.server";
import { loadSidebars } from "~/modules/shell/sidebars.server";
import { loadTenantFiles, TenantConfigError } from "~/modules/tenants/files.server";
import { pluginRouteManifest } from "../../scripts/plugin-routes.js";
import { writePluginIndexes } from "../../scripts/plugin-index.js";
import { applyConfigData } from "~/modules/tenants/config-data.server";
import { exportTenant, writeTenantFile } from "~/modules/tenants/transfer.server";
import type { PluginManifest, PluginServer } from "~/modules/plugins/manifest";
import { probePlugin, probePrizes } from "../fixtures/plugins/probe/plugin";
import { createExtensionPoint, extend } from "~/modules/plugins/extension-point";
import type { TenantConfig } from "~/modules/tenants/tenant";
import { loader as profileLoader } from "~/routes/profile.$id";
import { loader as notificationsLoader } from "~/routes/notifications";
import { probeServer } from "../fixtures/plugins/probe/plugin.server";
import { installedPlugins } from "../../plugins";
import { installedPluginServers } from "../../plugins/index.server";
import { startApp } from "~/modules/app.server";
import { parseEnv } from "~/modules/env.server";
import { serverRegistry } from "~/modules/plugins/installed.server";
import { freshDatabase, migratedDataDir } from "../setup/databases";
import { formBody, programSettingsForm } from "../setup/program-settings-form";
import { action as settingsAction, loader as settingsLoader } from "~/routes/program-settings";
import { loader as peopleSearch } from "~/routes/people.search";
import { contextFor, createTestApp, effectiveContextFor, signInAs, TEST_SESSION_SECRET, requestTo, settle, tenantOf, type TestApp } from "../setup/test-app";

const serverParts = { core: coreServerContributions, plugins: [probeServer] };
const registry = createServerRegistry(coreContributions, [probePlugin], serverParts);
const tenantsDir = "tests/fixtures/tenants-probe";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ tenantsDir, registry });
});
afterAll(() => testApp.close());

async function viewerAt(subdomain: string, loginId: string): Promise<Viewer> {
  const { app } = testApp;
  const tenant = tenantOf(app, subdomain);
  const db = app.database.forProgram(tenant.programId);
  const row = await db.selectFrom("employee").select("id").where("login_id", "=", loginId).executeTakeFirstOrThrow();
  const employee = (await loadCurrentEmployee(db, row.id))!;
  // As getViewer composes it: stored flags over the plugins' permission defaults.
  return { employee: { ...employee, permissions: registry.withPermissionDefaults(employee.permissions) }, tenant: tenant.config, delegation: null };
}

describe("a plugin's option schema joins the tenant schema", () => {
  it("parses the plugin's options with their defaults under features", async () => {
    const configs = await loadTenantFiles(tenantsDir, registry.tenantSchema);
    expect(configs.find((c) => c.subdomain === "alpha")!.features.probe).toEqual({ enabled: true, greeting: "hi" });
    expect(configs.find((c) => c.subdomain === "beta")!.features.probe).toEqual({ enabled: false, greeting: "hello" });
  });

  it("rejects a bad plugin option with its JSON path", () => {
    const result = registry.tenantSchema.safeParse({
      ...JSON.parse(fs.readFileSync(path.join(tenantsDir, "alpha.json"), "utf8")),
      features: { probe: { enabled: true, greeting: "" } },
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].path).toEqual(["features", "probe", "greeting"]);
  });

  it("rejects a feature that no installed plugin provides", async () => {
    const core = createServerRegistry(coreContributions, [], { core: coreServerContributions, plugins: [] });
    await expect(loadTenantFiles(tenantsDir, core.tenantSchema)).rejects.toThrow(TenantConfigError);
    await expect(loadTenantFiles(tenantsDir, core.tenantSchema)).rejects.toThrow(/alpha\.json at \$\.features: Unrecognized key: "probe"/);
  });
});

describe("a plugin's permissions, ledger kinds and settings", () => {
  it("gives people with nothing stored the declared default, and the demo roles what the plugin grants them", async () => {
    const employee = await viewerAt("alpha", "employee");
    expect(employee.employee.permissions).toMatchObject({ canSeeProbes: true, canManageProbes: false, isProbeModerator: false, usesPoints: true });
    const admin = await viewerAt("alpha", "admin");
    expect(admin.employee.permissions).toMatchObject({ canManageProbes: true, isProbeModerator: true });
    // Beta has the probe off: its demo admin was granted nothing.
    expect((await viewerAt("beta", "admin")).employee.permissions.canManageProbes).toBe(false);
  });

  it("refuses a permission that nobody declares, or one the core already has", () => {
    const undeclared = { ...probePlugin, menuEntries: [{ menu: "admin" as const, label: "X", to: "/x", permission: "canDoAnything" }] };
    expect(() => createServerRegistry(coreContributions, [undeclared], serverParts)).toThrow(/"canDoAnything", which neither the core nor any plugin declares/);
    const taken = { ...probePlugin, lookupFilters: {}, permissions: { admin: { label: "Admin", default: false } } };
    expect(() => createServerRegistry(coreContributions, [taken], serverParts)).toThrow(/declares permission "admin", which the core already has/);
  });

  it("labels the ledger kinds it declares", () => {
    expect(registry.transferKindLabel("PROBE_PRIZE")).toBe("Probe prize");
    expect(registry.transferKindLabel("NOT_A_KIND")).toBeNull();
  });

  it("edits its options in program settings through its own schema, audited, with errors beside the field", async () => {
    const { app } = testApp;
    const { cookie } = await signInAs(app, "alpha", "admin");
    const load = async () =>
      (await (await settingsLoader({ request: requestTo("alpha", "/program-settings", { cookie }), context: await effectiveContextFor(app, "alpha"), params: {} })).json()) as {
        pluginSettings: { pluginId: string; fields: { name: string; value: unknown }[] }[];
      };
    expect((await load()).pluginSettings).toEqual([
      { pluginId: "probe", title: "Probe", fields: [{ name: "greeting", label: "Greeting", help: "What the probe says.", kind: "text", value: "hi", maxLength: 20 }] },
    ]);
    const form = await programSettingsForm(app, "alpha");
    const post = async (greeting: string) =>
      settle(async () => settingsAction({ request: requestTo("alpha", "/program-settings", { method: "POST", body: formBody({ ...form, "option.probe.greeting": greeting }), cookie }), context: await effectiveContextFor(app, "alpha"), params: {} }));

    const refused = (await post("x".repeat(21))) as Response;
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { result: { error: Record<string, string[]>; initialValue: { option: { probe: { greeting: string } } } } };
    expect(Object.keys(body.result.error)).toEqual(["option.probe.greeting"]);
    expect(body.result.initialValue.option.probe.greeting).toBe("x".repeat(21));

    const saved = (await post("hey")) as Response;
    expect(saved.status).toBe(302);
    expect((await load()).pluginSettings[0]!.fields[0]!.value).toBe("hey");
    const [latest] = await app.tenantSettings.changes(tenantOf(app, "alpha"), { plugins: app.registry.settingsLabels(), site: {}, notifications: {} });
    expect(latest!.changes).toEqual(["Probe, Greeting: “hi” → “hey”"]);
  });
});

describe("people-lookup filters", () => {
  it("lets a plugin say whom its pickers offer, by a permission it declares, while the program has it on", async () => {
    const admin = await viewerAt("alpha", "admin");
    expect(registry.lookupFilter(admin.tenant, "probe-moderators")).toEqual({ permission: "isProbeModerator", fallback: false });
    expect(registry.lookupFilter((await viewerAt("beta", "admin")).tenant, "probe-moderators")).toBeUndefined();

    const search = async (q: string, purpose: string) => {
      const { cookie } = await signInAs(testApp.app, "alpha", "employee");
      const request = requestTo("alpha", `/people/search?for=${purpose}&q=${q}`, { cookie });
      const result = await (await peopleSearch({ request, context: contextFor(testApp.app, "alpha"), params: {} })).json();
      return (result as { people: { displayName: string }[] }).people.map((person) => person.displayName);
    };
    // Only the program manager moderates probes in the demo.
    expect(await search("Mor", "people")).toContain("Morgan Manager");
    expect(await search("Mor", "probe-moderators")).toEqual([]);
    expect(await search("Ale", "probe-moderators")).toEqual(["Alex Admin"]);
  });

  it("refuses a filter on a permission its plugin does not declare, or a name already taken", () => {
    const undeclared = { ...probePlugin, lookupFilters: { "probe-anyone": { permission: "canDoAnything" } } };
    expect(() => createServerRegistry(coreContributions, [undeclared], serverParts)).toThrow(/names permission "canDoAnything", which the plugin does not declare/);
    const taken = { ...probePlugin, lookupFilters: { mentions: { permission: "isProbeModerator" } } };
    expect(() => createServerRegistry(coreContributions, [taken], serverParts)).toThrow(/Lookup filter "mentions" of probe is already taken/);
  });
});

describe("header and menu entries", () => {
  it("shows a plugin's entries only while the tenant has it on, each behind its permission", async () => {
    const admin = registry.menus(await viewerAt("alpha", "admin"));
    expect(admin.recognize).toEqual([{ label: "Probe", to: "/probe" }]);
    expect(admin.admin).toEqual([
      { label: "Program Settings", to: "/program-settings" },
      { label: "People", to: "/admin/people" },
      { label: "Act as an Employee", to: "/delegation/admin" },
      { label: "Approvals", to: "/approvals" },
      { label: "Reports", to: "/report" },
      { label: "Probe settings", to: "/probe/settings" },
    ]);
    expect(admin.shop).toEqual([{ label: "Probe shop", to: "/probe/shop" }]);

    const employee = registry.menus(await viewerAt("alpha", "employee"));
    expect(employee.recognize).toEqual([{ label: "Probe", to: "/probe" }]);
    expect(employee.admin).toEqual([]);

    const offTenant = registry.menus(await viewerAt("beta", "admin"));
    expect(Object.values(offTenant).flat().filter((link) => link.to.startsWith("/probe"))).toEqual([]);
  });
});

describe("sidebar cards", () => {
  it("runs the card's server data function, scoped to the program, and orders cards by slot and order", async () => {
    const { app } = testApp;
    const alpha = tenantOf(app, "alpha");
    const beta = tenantOf(app, "beta");
    await app.database.forProgram(alpha.programId).insertInto("probe_item" as never, { label: "alpha item" } as never).execute();
    await app.database.forProgram(beta.programId).insertInto("probe_item" as never, { label: "beta item" } as never).execute();

    const viewer = await viewerAt("alpha", "employee");
    const sidebars = await loadSidebars({ request: requestTo("alpha", "/feed"), context: contextFor(app, "alpha") }, viewer);
    expect(sidebars.left.map((card) => card.id)).toEqual(["core/profile", "core/approvals"]);
    expect(sidebars.right.map((card) => card.id)).toEqual(["probe/items", "core/redeem-code", "core/contact-us"]);
    expect(sidebars.right[0]).toEqual({ id: "probe/items", data: { labels: ["alpha item"] } });
    expect(registry.cardComponent("probe/items")).toBe(probePlugin.sidebarCards![0].Component);
    expect(registry.cardData("probe/items")).toBe(probeServer.cardData!["probe/items"]);
  });

  it("gives a card whose data function fails its error state, logs it, and loads the others", async () => {
    const failing = { ...probeServer, cardData: { "probe/items": async () => { throw new Error("card broke"); } } };
    const withFailingCard = createServerRegistry(coreContributions, [probePlugin], { ...serverParts, plugins: [failing] });
    const lines: string[] = [];
    const context = { ...contextFor(testApp.app, "alpha"), app: { ...testApp.app, registry: withFailingCard }, log: pino({ level: "error" }, { write: (line: string) => lines.push(line) }) };
    const sidebars = await loadSidebars({ request: requestTo("alpha", "/feed"), context }, await viewerAt("alpha", "employee"));
    expect(sidebars.right[0]).toEqual({ id: "probe/items", failed: true });
    expect(sidebars.right.slice(1).map((card) => card.id)).toEqual(["core/redeem-code", "core/contact-us"]);
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([{ event: "card_failed", card: "probe/items" }]);
  });

  it("leaves a disabled plugin's cards out", async () => {
    const viewer = await viewerAt("beta", "employee");
    const sidebars = await loadSidebars({ request: requestTo("beta", "/feed"), context: contextFor(testApp.app, "beta") }, viewer);
    expect(sidebars.right.map((card) => card.id)).toEqual(["core/redeem-code", "core/contact-us"]);
  });
});

describe("notification-preference groups", () => {
  it("merges a plugin's types into core groups and adds its own groups, behind their permissions", async () => {
    const groups = registry.notificationGroups(await viewerAt("alpha", "admin"));
    expect(groups.map((g) => g.id)).toEqual(["general", "admin", "probe"]);
    expect(groups[0].types.map((t) => t.id)).toContain("PROBE_PINGED");

    const employeeGroups = registry.notificationGroups(await viewerAt("alpha", "employee"));
    expect(employeeGroups.map((g) => g.id)).toEqual(["general"]);

    const offTenant = registry.notificationGroups(await viewerAt("beta", "admin"));
    expect(offTenant.find((g) => g.id === "general")!.types.map((t) => t.id)).not.toContain("PROBE_PINGED");
  });
});

describe("migrations", () => {
  it("starts without a plugin whose migrations ran before: its tables stay and the start-up log says so", async () => {
    const database = await freshDatabase();
    const target = database.target.kind === "pglite-memory" ? { kind: "pglite" as const, dataDir: migratedDataDir("retired-") } : database.target;
    const lines: string[] = [];
    const log = pino({ level: "warn" }, { write: (line: string) => lines.push(line) });
    const env = parseEnv({ NODE_ENV: "test", TENANTS_DIR: "tenants", DATA_DIR: os.tmpdir() });
    const options = { database: target, sessionSecrets: [TEST_SESSION_SECRET], seedDemo: false };
    const withProbe = createServerRegistry(coreContributions, [...installedPlugins, probePlugin], { core: coreServerContributions, plugins: [...installedPluginServers, probeServer] });
    await (await startApp(env, log, { ...options, registry: withProbe })).close();

    const without = await startApp(env, log, { ...options, registry: serverRegistry });
    try {
      const tables = await crossProgramDb(without.database).introspection.getTables();
      expect(tables.map((t) => t.name)).toContain("probe_item");
      expect(lines.map((line) => JSON.parse(line).event)).toContain("plugin_migrations_retired");
    } finally {
      await without.close();
      await database.drop();
    }
  }, 90_000);

  it("runs a plugin's migrations at start-up", async () => {
    const tables = await crossProgramDb(testApp.app.database).introspection.getTables();
    expect(tables.map((t) => t.name)).toContain("probe_item");
  });

  it("refuses a migration that does not name its plugin", () => {
    const misnamed = { ...probeServer, migrations: { "2026-11-23-initial": probeServer.migrations!["2026-11-23-probe-initial"] } };
    expect(() => createServerRegistry(coreContributions, [probePlugin], { ...serverParts, plugins: [misnamed] })).toThrow(/must name the plugin/);
  });

  it("refuses server parts that do not match a manifest", () => {
    expect(() => createServerRegistry(coreContributions, [], serverParts)).toThrow(/has no plugin manifest/);
    const stray = { ...probeServer, cardData: { "probe/other": async () => null } };
    expect(() => createServerRegistry(coreContributions, [probePlugin], { ...serverParts, plugins: [stray] })).toThrow(/does not declare/);
  });

  it("keeps server parts out of the browser's registry", () => {
    const browser = createRegistry(coreContributions, [probePlugin]);
    expect(() => browser.migrations()).toThrow(/no server parts/);
  });
});

describe("routes", () => {
  it("turns a plugin's flat route files into nested routes under root, ids carrying the plugin", () => {
    const manifest = pluginRouteManifest("tests/fixtures/plugins", "app") as Record<string, object>;
    expect(manifest["plugins/probe/probe"]).toMatchObject({ parentId: "root", path: "probe", file: "../tests/fixtures/plugins/probe/routes/probe.tsx" });
    expect(manifest["plugins/probe/probe._index"]).toMatchObject({ parentId: "plugins/probe/probe", index: true, path: undefined });
    expect(manifest["plugins/probe/probe.items.$id"]).toMatchObject({ parentId: "plugins/probe/probe", path: "items/:id" });
  });

  function buildWith(module: Record<string, unknown>) {
    return {
      routes: { "plugins/probe/probe": { id: "plugins/probe/probe", path: "probe", parentId: "root", module } },
    } as unknown as ServerBuild;
  }

  it("redirects a disabled plugin's loader and action to /feed, and runs them when enabled", async () => {
    const module = { loader: async () => "loaded", action: async () => "acted" };
    const guarded = guardPluginRoutes(buildWith(module), registry).routes["plugins/probe/probe"].module;
    const call = (fn: unknown, subdomain: string) =>
      settle(() => (fn as (args: unknown) => Promise<unknown>)({ request: requestTo(subdomain, "/probe"), context: contextFor(testApp.app, subdomain), params: {} }));

    const offLoader = (await call(guarded.loader, "beta")) as Response;
    expect(offLoader.status).toBe(302);
    expect(offLoader.headers.get("Location")).toBe("/feed");
    const offAction = (await call(guarded.action, "beta")) as Response;
    expect(offAction.headers.get("Location")).toBe("/feed");

    expect(await call(guarded.loader, "alpha")).toBe("loaded");
    expect(await call(guarded.action, "alpha")).toBe("acted");
  });

  it("refuses a plugin route without a loader, and a route of a plugin that is not installed", () => {
    expect(() => guardPluginRoutes(buildWith({ default: () => null }), registry)).toThrow(/must export a loader/);
    expect(() => guardPluginRoutes(buildWith({ loader: async () => null }), createServerRegistry(coreContributions, [], { core: {}, plugins: [] }))).toThrow(
      /not in plugins\/index\.ts/,
    );
  });
});

describe("extension points", () => {
  const loaded = async (response: unknown) => (await (response as Response).json()) as Record<string, unknown>;
  const as = async (subdomain: string, loginId: string) => ({ ...(await signInAs(testApp.app, subdomain, loginId)), context: contextFor(testApp.app, subdomain) });

  it("of the core: a plugin's actions on someone's profile and its section there, its first cards on the notifications page, its count on the approvals card", async () => {
    const { app } = testApp;
    const employee = await as("alpha", "employee");
    const admin = await as("alpha", "admin");
    const profileOf = async (viewer: typeof employee, id: number) =>
      loaded(await profileLoader({ request: requestTo("alpha", `/profile/${id}`, { cookie: viewer.cookie }), context: viewer.context, params: { id: String(id) } }));

    const others = await profileOf(employee, admin.employeeId);
    expect(others.actions).toEqual([{ label: "Send a probe", href: `/probe?for=${admin.employeeId}` }]);
    expect(others.sections).toEqual([{ id: "probe/profile", data: { labels: [`profile ${admin.employeeId}`] } }]);
    expect((await profileOf(employee, employee.employeeId)).actions).toEqual([]);
    // The action needs the person to take part too (isProbeModerator, the admin's alone).
    expect((await profileOf(employee, (await as("alpha", "manager")).employeeId)).actions).toEqual([]);

    const notifications = await loaded(await notificationsLoader({ request: requestTo("alpha", "/notifications", { cookie: employee.cookie }), context: employee.context, params: {} }));
    expect(notifications.first).toEqual([{ id: "probe/first", data: { labels: ["first"] } }]);

    const db = app.database.forProgram(tenantOf(app, "alpha").programId);
    await db.insertInto("probe_item" as never, { label: "waiting" } as never).onConflict((c) => c.doNothing()).execute();
    const waiting = (await db.selectFrom("probe_item" as never).select("label" as never).execute()).length;
    const approvals = async (subdomain: string, loginId: string) =>
      (await loadSidebars({ request: requestTo(subdomain, "/feed"), context: contextFor(app, subdomain) }, await viewerAt(subdomain, loginId))).left.find((card) => card.id === "core/approvals");
    // The core's own kind (points requests) for an approver, then the probe's.
    expect(await approvals("alpha", "admin")).toEqual({
      id: "core/approvals",
      data: {
        waiting: [
          { label: "Points requests", to: "/approvals/points", count: 0 },
          { label: "Probe items", to: "/probe", count: waiting },
        ],
        failed: false,
      },
    });
    expect(await approvals("alpha", "employee")).toEqual({ id: "core/approvals", data: { waiting: [], failed: false } });

    // Beta has the probe off: none of it.
    const beta = await as("beta", "employee");
    const betaAdmin = await as("beta", "admin");
    const betaProfile = await loaded(
      await profileLoader({ request: requestTo("beta", `/profile/${betaAdmin.employeeId}`, { cookie: beta.cookie }), context: beta.context, params: { id: String(betaAdmin.employeeId) } }),
    );
    expect([betaProfile.actions, betaProfile.sections]).toEqual([[], []]);
    expect(await approvals("beta", "admin")).toEqual({ id: "core/approvals", data: { waiting: [{ label: "Points requests", to: "/approvals/points", count: 0 }], failed: false } });
  });

  it("of a plugin, for the plugins that declare they depend on it, switched on only with it", async () => {
    const gifts = { id: "probe-gifts", title: "Probe gifts", description: "Depends on the probe.", dependsOn: ["probe"], extensions: [extend(probePrizes, { label: "A gift" })] };
    const parts = (...servers: PluginServer[]) => ({ core: coreServerContributions, plugins: [probeServer, ...servers] });
    const withGifts = createServerRegistry(coreContributions, [probePlugin, gifts], parts({ id: "probe-gifts" }));
    const alpha = tenantOf(testApp.app, "alpha").config;
    const on = (config: TenantConfig, ids: Record<string, boolean>) => ({ ...config, features: { ...config.features, ...Object.fromEntries(Object.entries(ids).map(([id, enabled]) => [id, { ...config.features[id], enabled }])) } });
    expect(withGifts.extensions(on(alpha, { "probe-gifts": true }), probePrizes).map((added) => [added.owner, added.value.label])).toEqual([
      ["probe", "Probe's own prize"],
      ["probe-gifts", "A gift"],
    ]);
    expect(withGifts.extensions(on(alpha, { "probe-gifts": false }), probePrizes).map((added) => added.owner)).toEqual(["probe"]);

    const file = JSON.parse(fs.readFileSync(path.join(tenantsDir, "alpha.json"), "utf8"));
    const parsed = withGifts.tenantSchema.safeParse({ ...file, features: { probe: { enabled: false }, "probe-gifts": { enabled: true } } });
    expect(parsed.error?.issues).toMatchObject([{ path: ["features", "probe-gifts", "enabled"], message: "needs Probe switched on" }]);

    const refused = (plugins: PluginManifest[]) => () => createServerRegistry(coreContributions, [probePlugin, ...plugins], parts(...plugins.map((plugin) => ({ id: plugin.id }))));
    expect(refused([{ ...gifts, dependsOn: [] }])).toThrow('Plugin probe-gifts adds to extension point "probe.prizes" of probe without declaring dependsOn: ["probe"]');
    expect(refused([{ ...gifts, dependsOn: ["shop"] }])).toThrow('Plugin probe-gifts depends on "shop", which is not installed');
    expect(refused([{ ...gifts, dependsOn: ["probe-gifts"] }])).toThrow("Plugin probe-gifts depends on itself");
    const circle = [{ ...gifts, dependsOn: ["probe", "probe-b"] }, { id: "probe-b", title: "B", description: "", dependsOn: ["probe-gifts"] }];
    expect(refused(circle)).toThrow("Plugins depend on each other in a circle: probe-gifts → probe-b → probe-gifts");
    expect(refused([{ ...gifts, extensionPoints: [createExtensionPoint("probe.more")] }])).toThrow('Extension point "probe.more" offered by probe-gifts must be named "probe-gifts.<name>"');
    expect(refused([{ ...gifts, extensions: [extend(createExtensionPoint<string>("probe.nothing"), "x")] }])).toThrow(
      'probe-gifts adds to extension point "probe.nothing", which neither the core nor any plugin offers',
    );
  });
});

describe("a plugin's configuration data", () => {
  it("travels with the tenant's export, is applied to a new program from its file, and replaces the program's only when the file's copy changes", async () => {
    const { app } = testApp;
    const alpha = app.database.forProgram(tenantOf(app, "alpha").programId);
    await alpha.deleteFrom("probe_item" as never).execute();
    await alpha.insertInto("probe_item" as never, [{ label: "silver" }, { label: "gold" }] as never).execute();
    const exported = await exportTenant(app, "alpha");
    expect(JSON.parse(exported).data).toEqual({ probe: ["gold", "silver"] });

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "config-data-"));
    fs.writeFileSync(path.join(dir, "alpha.json"), exported);
    const tenantsDir = path.join(dir, "tenants");
    await writeTenantFile(registry, path.join(dir, "alpha.json"), tenantsDir);
    const target = await createTestApp({ tenantsDir, registry, population: 0 });
    try {
      const copy = target.app.database.forProgram(tenantOf(target.app, "alpha").programId);
      const labels = async () => (await copy.selectFrom("probe_item" as never).select("label" as never).orderBy("label" as never).execute()).map((row) => (row as { label: string }).label);
      expect(await labels()).toEqual(["gold", "silver"]);
      expect(await exportTenant(target.app, "alpha")).toBe(exported);

      // A restart with the same file keeps what was edited in the app; a changed file replaces it.
      await copy.insertInto("probe_item" as never, { label: "bronze" } as never).execute();
      expect(await applyConfigData(target.app.database, target.app.tenants.list(), registry)).toEqual([]);
      expect(await labels()).toEqual(["bronze", "gold", "silver"]);
      const changed = { ...tenantOf(target.app, "alpha"), config: { ...tenantOf(target.app, "alpha").config, data: { probe: ["platinum"] } } };
      expect(await applyConfigData(target.app.database, [changed], registry)).toEqual([{ subdomain: "alpha", pluginId: "probe" }]);
      expect(await labels()).toEqual(["platinum"]);
    } finally {
      await target.close();
    }

    fs.writeFileSync(path.join(dir, "alpha.json"), JSON.stringify({ ...JSON.parse(exported), data: { probe: [""] } }));
    await expect(writeTenantFile(registry, path.join(dir, "alpha.json"), tenantsDir)).rejects.toThrow(/alpha\.json at \$\.data\.probe\[0\]: Too small/);
  });
});

describe("a plugin is its folder", () => {
  it("is found, mounted and registered with every kind of contribution when its folder is added, and switched on by its tenant key", async () => {
    // A scratch plugins/ folder: the installed plugins as they are, and the probe fixture copied in. Nothing else is edited.
    const scratch = path.resolve(".cache", `plugin-folder-${process.pid}`, "plugins");
    fs.rmSync(path.dirname(scratch), { recursive: true, force: true });
    fs.mkdirSync(scratch, { recursive: true });
    for (const id of installedPlugins.map((plugin) => plugin.id)) fs.symlinkSync(path.resolve("plugins", id), path.join(scratch, id));
    fs.cpSync("tests/fixtures/plugins/probe", path.join(scratch, "probe"), { recursive: true });
    try {
      expect(writePluginIndexes(scratch).sort()).toEqual(["index.css", "index.server.ts", "index.ts"]);
      // Its component classes join the others' (app/tailwind.css imports index.css).
      expect(fs.readFileSync(path.join(scratch, "index.css"), "utf8")).toContain('@import "./probe/styles.css";');
      const manifests = (await import(path.join(scratch, "index.ts"))).installedPlugins as PluginManifest[];
      const servers = (await import(path.join(scratch, "index.server.ts"))).installedPluginServers as PluginServer[];
      const found = createServerRegistry(coreContributions, manifests, { core: coreServerContributions, plugins: servers });
      const probe = found.get("probe")!;

      expect(found.plugins.map((plugin) => plugin.id)).toEqual([...installedPlugins.map((plugin) => plugin.id), "probe"].sort());
      expect(Object.keys(pluginRouteManifest(scratch, "app")).filter((id) => id.startsWith("plugins/probe/"))).toEqual(
        expect.arrayContaining(["plugins/probe/probe", "plugins/probe/probe._index", "plugins/probe/probe.items.$id"]),
      );
      expect(probe.menuEntries!.map((entry) => entry.to)).toContain("/probe");
      expect(found.cardComponent("probe/items")).not.toBeNull();
      expect(found.pluginPermissions.get("canManageProbes")).toBe("probe");
      expect(found.feedItemKind("probeShoutout")).toMatchObject({ pluginId: "probe" });
      expect(found.jobs().filter((job) => job.owner === "probe").map((job) => job.definition.name)).toEqual(["probe.record-item"]);
      expect(found.migrations().find((part) => part.plugin === "probe")!.migrations).toHaveProperty("2026-11-23-probe-initial");

      // Its tenant key turns it on (alpha) or leaves it off (beta): its notification group and report follow.
      const configs = await loadTenantFiles(tenantsDir, found.tenantSchema);
      const [alpha, beta] = ["alpha", "beta"].map((subdomain) => configs.find((config) => config.subdomain === subdomain)!);
      expect(found.reportTypes(alpha!).map((report) => report.id)).toContain("probe.items");
      expect(found.reportTypes(beta!).map((report) => report.id)).not.toContain("probe.items");
      expect(found.notificationGroupOf(alpha!, "PROBE_FLAGGED")).toMatchObject({ id: "probe" });
      expect(found.notificationGroupOf(beta!, "PROBE_FLAGGED")).toBeNull();
    } finally {
      fs.rmSync(path.dirname(scratch), { recursive: true, force: true });
    }
  });

  it("defines each component class of a plugin's styles.css once, never one of the core's or another plugin's", () => {
    // The classes a stylesheet's rules start with (`.name` at the start of a selector line).
    const classesOf = (file: string) => new Set([...fs.readFileSync(file, "utf8").matchAll(/^\s*\.([\w-]+)[^\n]*[{,]\s*$/gm)].map((match) => match[1]!));
    const owners = new Map([...classesOf("app/tailwind.css")].map((name) => [name, "core"]));
    const stylesheets = fs.readdirSync("plugins").filter((id) => fs.existsSync(path.join("plugins", id, "styles.css")));
    expect(stylesheets.length).toBeGreaterThan(0);
    for (const id of stylesheets) {
      for (const name of classesOf(path.join("plugins", id, "styles.css"))) {
        expect(owners.get(name), `.${name} of ${id}`).toBeUndefined();
        owners.set(name, id);
      }
    }
  });

  it("lists every folder under plugins/ in the generated plugins/index.ts and plugins/index.server.ts, and nothing else", async () => {
    const { installedPlugins } = await import("../../plugins");
    const { installedPluginServers } = await import("../../plugins/index.server");
    const folders = fs.readdirSync("plugins", { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    expect(installedPlugins.map((p) => p.id).sort()).toEqual(folders);
    expect(installedPluginServers.map((p) => p.id).sort()).toEqual(folders);
  });

  it("keeps server code out of plugin manifests, which the browser bundles", () => {
    for (const id of fs.readdirSync("plugins", { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)) {
      const manifest = fs.readFileSync(path.join("plugins", id, "plugin.ts"), "utf8");
      expect(manifest, `plugins/${id}/plugin.ts`).not.toMatch(/from "[^"]*\.server"|migrations\//);
    }
  });

  it("gives every route of an installed plugin a loader", async () => {
    const manifest = pluginRouteManifest("plugins", "app");
    for (const route of Object.values(manifest) as { id: string; file: string }[]) {
      const module = await import(path.resolve("app", route.file));
      expect(module.loader, `${route.id} exports a loader`).toBeTypeOf("function");
    }
  });

  it("rejects duplicate plugin ids and card ids", () => {
    expect(() => createRegistry(coreContributions, [probePlugin, probePlugin])).toThrow(/registered twice/);
    expect(() =>
      createRegistry(coreContributions, [{ ...probePlugin, sidebarCards: [{ ...probePlugin.sidebarCards![0], id: "core/profile" }] }]),
    ).toThrow(/declared twice/);
  });
});
