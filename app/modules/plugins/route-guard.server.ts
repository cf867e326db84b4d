import type { ServerBuild } from "@remix-run/node";
import { requirePlugin } from "~/modules/auth/guards.server";
import { type DataFunction, wrapDataFunctions } from "~/modules/http/wrap-build.server";
import type { Registry } from "./registry";

function guarded(pluginId: string, fn: DataFunction): DataFunction {
  return async (args) => {
    await requirePlugin(args, pluginId);
    return fn(args);
  };
}

/**
 * Returns the build with every plugin route's loader and action wrapped in
 * requirePlugin, so a route of a plugin the tenant has off redirects to /feed
 * for document and data requests alike, whatever the route itself checks.
 */
export function guardPluginRoutes(build: ServerBuild, registry: Registry): ServerBuild {
  for (const [id, route] of Object.entries(build.routes)) {
    const pluginId = registry.pluginOfRoute(id);
    if (!pluginId) continue;
    if (!registry.get(pluginId)) throw new Error(`Route ${id} belongs to "${pluginId}", which is not in plugins/index.ts`);
    if (!route.module.loader) throw new Error(`Plugin route ${id} must export a loader (its guards run there)`);
  }
  return wrapDataFunctions(build, (fn, routeId) => {
    const pluginId = registry.pluginOfRoute(routeId);
    return pluginId ? guarded(pluginId, fn) : fn;
  });
}
