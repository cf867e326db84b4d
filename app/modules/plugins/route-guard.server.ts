import type { LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import { requirePlugin } from "~/modules/auth/guards.server";
import type { Registry } from "./registry";

type DataFunction = (args: LoaderFunctionArgs) => unknown;

function guarded(pluginId: string, fn: DataFunction | undefined) {
  if (!fn) return undefined;
  return async (args: LoaderFunctionArgs) => {
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
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const pluginId = registry.pluginOfRoute(id);
    if (!pluginId) {
      routes[id] = route;
      continue;
    }
    if (!registry.get(pluginId)) throw new Error(`Route ${id} belongs to "${pluginId}", which is not in plugins/index.ts`);
    if (!route.module.loader) throw new Error(`Plugin route ${id} must export a loader (its guards run there)`);
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        loader: guarded(pluginId, route.module.loader as DataFunction),
        action: guarded(pluginId, route.module.action as DataFunction | undefined),
      } as typeof route.module,
    };
  }
  return { ...build, routes };
}
