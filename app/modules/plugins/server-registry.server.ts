import { buildTenantSchema } from "~/modules/tenants/tenant";
import type { Contributions, PluginManifest } from "./manifest";
import { createRegistry, type ServerParts } from "./registry";

/** The server's registry: the manifests plus their server parts, and the tenant schema built from their options. */
export function createServerRegistry(core: Contributions, plugins: readonly PluginManifest[], server: ServerParts) {
  return createRegistry(core, plugins, { ...server, tenantSchema: buildTenantSchema(server.plugins) });
}
