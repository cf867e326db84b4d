// `remix build`, with `.server` modules kept out of the browser (and `.client` ones out of the
// server) for the plugins' files as for the app's (decision 112). Remix's compiler empties such a
// module only for importers under `app/`; a plugin's route that imports its own `service.server.ts`,
// or the core's guards, got their code in its browser chunk wherever tree-shaking could not drop
// it (a module-level call, a CommonJS shim), and a module-level call to an emptied import threw there.
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const emptyModules = require("@remix-run/dev/dist/compiler/plugins/emptyModules.js");
const remixEmptyModules = emptyModules.emptyModulesPlugin;
if (typeof remixEmptyModules !== "function") {
  throw new Error("@remix-run/dev no longer exports emptyModulesPlugin: look at scripts/remix-build.js again.");
}
const pluginsDirectory = path.resolve("plugins") + path.sep;

/** Remix's plugin, then the same substitution for importers in `plugins/` (never for node_modules). */
emptyModules.emptyModulesPlugin = (ctx, filter, options = {}) => {
  const plugin = remixEmptyModules(ctx, filter, options);
  if (options.includeNodeModules) return plugin;
  return {
    name: plugin.name,
    setup(build) {
      plugin.setup(build);
      build.onResolve({ filter }, (args) => (path.resolve(args.resolveDir, args.path).startsWith(pluginsDirectory) ? { path: args.path, namespace: "empty-module" } : undefined));
    },
  };
};

const { cli } = require("@remix-run/dev");
await cli.run(["build"]);
// As Remix's own command does: the compiler's services would keep the process alive.
process.exit(0);
