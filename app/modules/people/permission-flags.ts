import { corePermissionLabels, employeePermissionsSchema } from "~/modules/employees/permissions";
import type { Registry } from "~/modules/plugins/registry";
import { isPluginEnabled } from "~/modules/tenants/features";
import type { TenantConfig } from "~/modules/tenants/tenant";

export interface PermissionFlag {
  name: string;
  label: string;
  /** What a person has when nothing is stored for them. */
  default: boolean;
}

/** The flags a program manager sets on a person, in sections: the core's, then each enabled plugin's (from its manifest). */
export function editablePermissions(registry: Registry, config: TenantConfig) {
  const defaults = employeePermissionsSchema.parse({});
  const core = { title: "Program", flags: Object.entries(corePermissionLabels).map(([name, label]) => ({ name, label, default: defaults[name] === true })) };
  const plugins = registry.plugins
    .filter((plugin) => isPluginEnabled(config, plugin.id) && Object.keys(plugin.permissions ?? {}).length > 0)
    .map((plugin) => ({ title: plugin.title, flags: Object.entries(plugin.permissions ?? {}).map(([name, declared]) => ({ name, label: declared.label, default: declared.default })) }));
  return [core, ...plugins];
}

/** Every flag's label and default, enabled plugin or not: the change history names flags of plugins switched off since. */
export function permissionFlagsOf(registry: Registry): { labels: Record<string, string>; defaults: Record<string, boolean> } {
  const declared = registry.plugins.flatMap((plugin) => Object.entries(plugin.permissions ?? {}));
  return {
    labels: { ...corePermissionLabels, ...Object.fromEntries(declared.map(([name, flag]) => [name, flag.label])) },
    defaults: registry.withPermissionDefaults(employeePermissionsSchema.parse({}) as Record<string, boolean>),
  };
}
