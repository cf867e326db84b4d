import { isEditableOption } from "./settings-fields.server";
import { employeePermissionsSchema } from "~/modules/employees/permissions";
import { checkCron } from "~/modules/jobs/schedules.server";
import { buildTenantSchema } from "~/modules/tenants/tenant";
import type { Contributions, PluginManifest } from "./manifest";
import { createRegistry, type ServerParts } from "./registry";

/** Every permission a menu entry, card or notification group names must exist: the core's or a plugin's. */
function checkPermissions(core: Contributions, plugins: readonly PluginManifest[], declared: ReadonlyMap<string, string>) {
  const coreNames = new Set(Object.keys(employeePermissionsSchema.shape));
  for (const [name, pluginId] of declared) {
    if (coreNames.has(name)) throw new Error(`Plugin ${pluginId} declares permission "${name}", which the core already has`);
  }
  for (const [owner, contributions] of [["The core", core] as const, ...plugins.map((p) => [`Plugin ${p.id}`, p] as const)]) {
    const items = [...(contributions.menuEntries ?? []), ...(contributions.sidebarCards ?? []), ...(contributions.notificationGroups ?? [])];
    for (const { permission } of items) {
      if (permission && !coreNames.has(permission) && !declared.has(permission)) {
        throw new Error(`${owner} uses permission "${permission}", which neither the core nor any plugin declares`);
      }
    }
  }
}

/** Job names carry their owner's id; schedules name one of their owner's jobs and a valid cron expression. */
function checkJobs(registry: ReturnType<typeof createRegistry>) {
  const names = new Set<string>();
  for (const { owner, definition } of registry.jobs()) {
    if (!new RegExp(`^${owner}\\.[a-z][a-z0-9-]*$`).test(definition.name)) throw new Error(`Job "${definition.name}" of ${owner} must be named "${owner}.<kebab-case name>"`);
    if (names.has(definition.name)) throw new Error(`Job "${definition.name}" is declared twice`);
    names.add(definition.name);
  }
  const schedules = new Set<string>();
  for (const { owner, schedule } of registry.schedules()) {
    const name = `${owner}.${schedule.id}`;
    if (schedules.has(name)) throw new Error(`Schedule "${name}" is declared twice`);
    schedules.add(name);
    if (!registry.jobs().some((job) => job.owner === owner && job.definition === schedule.job)) {
      throw new Error(`Schedule "${name}" runs job "${schedule.job.name}", which ${owner} does not declare in its jobs`);
    }
    try {
      checkCron(schedule.cron);
    } catch (error) {
      throw new Error(`Schedule "${name}": ${(error as Error).message}`);
    }
  }
}

/** Report ids carry their owner's id ("core" or a plugin's) and are unique. */
function checkReports(server: ServerParts) {
  const ids = new Set<string>();
  for (const part of [{ ...server.core, id: "core" }, ...server.plugins]) {
    for (const report of part.reports ?? []) {
      if (!report.id.startsWith(`${part.id}.`)) throw new Error(`Report "${report.id}" of ${part.id === "core" ? "the core" : `plugin ${part.id}`} must be named "${part.id}.<name>"`);
      if (ids.has(report.id)) throw new Error(`Report "${report.id}" is declared twice`);
      ids.add(report.id);
    }
  }
}

/** Each feed and wall item kind a manifest declares has its data schema in the plugin's server part, and nothing else has one. */
function checkItemData(plugins: readonly PluginManifest[], server: ServerParts) {
  for (const part of server.plugins) {
    const manifest = plugins.find((plugin) => plugin.id === part.id)!;
    for (const [which, field] of [["feed", "feedItemKinds"], ["wall", "wallItemKinds"]] as const) {
      const declared = Object.keys(manifest[field] ?? {}).sort();
      const schemas = Object.keys(part.itemData?.[which] ?? {}).sort();
      const missing = declared.filter((kind) => !schemas.includes(kind));
      const stray = schemas.filter((kind) => !declared.includes(kind));
      if (missing.length > 0) throw new Error(`Plugin ${part.id} declares ${which} item kind "${missing[0]}" without a data schema in itemData.${which}`);
      if (stray.length > 0) throw new Error(`Plugin ${part.id} gives a data schema for ${which} item kind "${stray[0]}", which its manifest does not declare`);
    }
  }
}

/** The server's registry: the manifests plus their server parts, and the tenant schema built from their options. */
export function createServerRegistry(core: Contributions, plugins: readonly PluginManifest[], server: ServerParts) {
  const titles = new Map(plugins.map((plugin) => [plugin.id, plugin.title]));
  const dependencies = Object.fromEntries(plugins.map((plugin) => [plugin.id, (plugin.dependsOn ?? []).map((id) => ({ id, title: titles.get(id) ?? id }))]));
  const registry = createRegistry(core, plugins, { ...server, tenantSchema: buildTenantSchema(server.plugins, dependencies) });
  checkPermissions(core, plugins, registry.pluginPermissions);
  checkJobs(registry);
  checkReports(server);
  checkItemData(plugins, server);
  for (const part of server.plugins) {
    for (const field of Object.keys(part.settings?.fields ?? {})) {
      if (!part.options || !isEditableOption(part.options, field)) {
        throw new Error(`Plugin ${part.id}'s settings name "${field}", which is not one of its options the settings form can edit`);
      }
    }
  }
  return registry;
}
