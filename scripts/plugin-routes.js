// Build-time route table (used by remix.config.js, so plain JS). Each plugin's
// routes/ folder is read with Remix's own flat-routes implementation, exactly as
// app/routes is, and mounted under the root route with ids "plugins/<id>/<name>".
// A URL that two routes claim (core and plugin, or two plugins) fails the build.
import fs from "node:fs";
import path from "node:path";
import flatRoutesModule from "@remix-run/dev/dist/config/flat-routes.js";

const { flatRoutes, flatRoutesUniversal } = flatRoutesModule;
const ROUTE_MODULE = /\.(tsx|ts|jsx|js)$/;
const IGNORED = /(^\.|\.(test|spec)\.[^.]+$)/;

export const ignoredRouteFiles = ["**/.*", "**/*.test.*", "**/*.spec.*"];

/** The route modules of one routes/ folder, as Remix's flatRoutes finds them: files, and folders with route.* or index.*. */
function routeModules(routesDir) {
  return fs
    .readdirSync(routesDir, { withFileTypes: true })
    .filter((entry) => !IGNORED.test(entry.name))
    .flatMap((entry) => {
      const full = path.join(routesDir, entry.name);
      if (entry.isFile()) return ROUTE_MODULE.test(entry.name) ? [full] : [];
      const inside = fs.readdirSync(full).filter((name) => /^(route|index)\.(tsx|ts|jsx|js)$/.test(name)).sort().reverse();
      return inside.length > 0 ? [path.join(full, inside[0])] : [];
    });
}

/** Runs Remix's flat-routes on one plugin; its own conflict reports (console.error) become a thrown error. */
function flatRoutesOf(projectRoot, prefix, files) {
  const reported = [];
  const consoleError = console.error;
  console.error = (...args) => reported.push(args.join(" "));
  try {
    const manifest = flatRoutesUniversal(projectRoot, files, prefix);
    if (reported.length > 0) throw new Error(reported.join("\n"));
    return manifest;
  } finally {
    console.error = consoleError;
  }
}

/**
 * A Remix route manifest for every plugin under `pluginsDir`, file paths
 * relative to app/ as the classic compiler requires.
 */
export function pluginRouteManifest(pluginsDir, appDir = "app") {
  const projectRoot = path.resolve(".");
  const root = path.resolve(pluginsDir);
  const manifest = {};
  if (!fs.existsSync(root)) return manifest;
  for (const pluginId of fs.readdirSync(root).sort()) {
    const routesDir = path.join(root, pluginId, "routes");
    if (!fs.existsSync(routesDir)) continue;
    const prefix = path.relative(projectRoot, routesDir).split(path.sep).join("/");
    const ownId = (remixId) => (remixId === "root" ? "root" : `plugins/${pluginId}/${remixId.slice(prefix.length + 1)}`);
    for (const route of Object.values(flatRoutesOf(projectRoot, prefix, routeModules(routesDir)))) {
      const id = ownId(route.id);
      manifest[id] = {
        ...route,
        id,
        parentId: ownId(route.parentId),
        file: path.relative(path.resolve(appDir), path.join(projectRoot, route.file)).split(path.sep).join("/"),
      };
    }
  }
  return manifest;
}

/** The URL a route answers (index routes apart), or null for a pathless layout. */
function fullPath(routes, route) {
  const segments = [];
  for (let current = route; current && current.id !== "root"; current = routes[current.parentId]) {
    if (current.path) segments.unshift(current.path);
  }
  const last = route.id.split(/[./]/).pop();
  if (last.startsWith("_") && last !== "_index") return null;
  // Parameter names do not matter: /gifts/:id and /gifts/:giftId answer the same URLs.
  const url = `/${segments.join("/")}`.replace(/:[^/]+/g, ":");
  return `${url}${route.index ? "?index" : ""}`;
}

/** Fails on a URL claimed by two routes of the merged table (core and plugins, or two plugins). */
export function assertNoPathClash(routes) {
  const owners = new Map();
  for (const route of Object.values(routes)) {
    const url = fullPath(routes, route);
    if (url === null) continue;
    owners.set(url, [...(owners.get(url) ?? []), route.file]);
  }
  const clashes = [...owners].filter(([, files]) => files.length > 1);
  if (clashes.length > 0) {
    throw new Error(
      `Two routes answer the same URL:\n${clashes.map(([url, files]) => `  ${url.replace("?index", "")}: ${files.join(", ")}`).join("\n")}`,
    );
  }
}

/** Core routes (app/routes) and plugin routes, checked for clashes; remix.config.js mounts the plugins' part. */
export function routeTable(pluginsDir = "plugins", appDir = "app") {
  const core = flatRoutes(path.resolve(appDir), ignoredRouteFiles);
  const plugins = pluginRouteManifest(pluginsDir, appDir);
  assertNoPathClash({ ...core, ...plugins });
  return { core, plugins };
}
