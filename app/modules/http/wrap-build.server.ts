import type { LoaderFunctionArgs, ServerBuild } from "@remix-run/node";

export type DataFunction = (args: LoaderFunctionArgs) => unknown;

/** The build with each route's loader and action passed through `wrap` (routes without one keep none). */
export function wrapDataFunctions(build: ServerBuild, wrap: (fn: DataFunction, routeId: string) => DataFunction): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const { loader, action } = route.module as { loader?: DataFunction; action?: DataFunction };
    routes[id] = {
      ...route,
      module: { ...route.module, loader: loader && wrap(loader, id), action: action && wrap(action, id) } as typeof route.module,
    };
  }
  return { ...build, routes };
}
