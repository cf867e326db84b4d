import { isPluginEnabled } from "~/modules/tenants/features";
import type { TenantConfig } from "~/modules/tenants/tenant";
import type { Extension, ExtensionPoint } from "./extension-point";
import type { Contributions, PluginManifest, ServerContributions } from "./manifest";

const CORE = "core";

/** Each plugin's dependencies are installed plugins other than itself, and no chain of them comes back to where it started. */
export function checkDependencies(plugins: readonly PluginManifest[]) {
  const byId = new Map(plugins.map((plugin) => [plugin.id, plugin]));
  for (const plugin of plugins) {
    for (const dependency of plugin.dependsOn ?? []) {
      if (dependency === plugin.id) throw new Error(`Plugin ${plugin.id} depends on itself`);
      if (!byId.has(dependency)) throw new Error(`Plugin ${plugin.id} depends on "${dependency}", which is not installed`);
    }
  }
  const visiting: string[] = [];
  const done = new Set<string>();
  const visit = (id: string) => {
    if (done.has(id)) return;
    if (visiting.includes(id)) throw new Error(`Plugins depend on each other in a circle: ${[...visiting.slice(visiting.indexOf(id)), id].join(" → ")}`);
    visiting.push(id);
    for (const dependency of byId.get(id)!.dependsOn ?? []) visit(dependency);
    visiting.pop();
    done.add(id);
  };
  for (const plugin of plugins) visit(plugin.id);
}

interface Owned {
  owner: string;
  extensions: readonly Extension[];
}

/**
 * Indexes the extension points the core and the plugins offer and what each adds to them.
 * A point is offered once, under its owner's id; a plugin adds only to the core's points,
 * its own, and those of the plugins it depends on.
 */
export function indexExtensions(core: Contributions, plugins: readonly PluginManifest[], serverParts: readonly (ServerContributions & { id?: string })[]) {
  const owners = new Map<string, string>();
  for (const [owner, offered] of [[CORE, core.extensionPoints ?? []] as const, ...plugins.map((plugin) => [plugin.id, plugin.extensionPoints ?? []] as const)]) {
    for (const point of offered) {
      if (!point.id.startsWith(`${owner}.`)) throw new Error(`Extension point "${point.id}" offered by ${owner} must be named "${owner}.<name>"`);
      if (owners.has(point.id)) throw new Error(`Extension point "${point.id}" is offered twice`);
      owners.set(point.id, owner);
    }
  }
  const dependencies = new Map(plugins.map((plugin) => [plugin.id, new Set(plugin.dependsOn ?? [])]));
  const contributions: Owned[] = [
    { owner: CORE, extensions: core.extensions ?? [] },
    ...plugins.map((plugin) => ({ owner: plugin.id, extensions: plugin.extensions ?? [] })),
    ...serverParts.map((part) => ({ owner: part.id ?? CORE, extensions: part.extensions ?? [] })),
  ];
  for (const { owner, extensions } of contributions) {
    for (const { point } of extensions) {
      const pointOwner = owners.get(point.id);
      if (!pointOwner) throw new Error(`${owner} adds to extension point "${point.id}", which neither the core nor any plugin offers`);
      if (pointOwner !== CORE && pointOwner !== owner && !dependencies.get(owner)?.has(pointOwner)) {
        throw new Error(`Plugin ${owner} adds to extension point "${point.id}" of ${pointOwner} without declaring dependsOn: ["${pointOwner}"]`);
      }
    }
  }
  return {
    /** What the core and the plugins this tenant has on add to `point`, each with who added it. */
    extensionsOf<T>(config: TenantConfig, point: ExtensionPoint<T>): { owner: string; value: T }[] {
      return contributions
        .filter(({ owner }) => owner === CORE || isPluginEnabled(config, owner))
        .flatMap(({ owner, extensions }) => extensions.filter((extension) => extension.point.id === point.id).map((extension) => ({ owner, value: extension.value as T })));
    },
  };
}
