import { writePluginIndexes } from "./scripts/plugin-index.js";
import { ignoredRouteFiles, routeTable } from "./scripts/plugin-routes.js";

writePluginIndexes();

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  tailwind: false,
  ignoredRouteFiles,
  postcss: true,
  watchPaths: ["plugins/**/*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
  },
  // Each plugin's routes/ folder is mounted under the root route by Remix's own flat-route
  // rules; ids start with "plugins/<id>/" so the server can switch a plugin's routes off per
  // tenant. A URL claimed twice fails the build.
  routes: async () => routeTable().plugins,
};
