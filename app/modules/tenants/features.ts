import type { TenantConfig } from "./tenant";

/** Whether the tenant has a plugin on (no schema code, so the browser bundle can use it). */
export function isPluginEnabled(config: TenantConfig, pluginId: string) {
  return config.features[pluginId]?.enabled === true;
}
