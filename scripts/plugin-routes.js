// Build-time discovery of plugin routes (used by remix.config.js, so plain JS).
// A plugin's routes/ folder follows Remix flat-route names: dots separate
// segments, `$name` is a parameter, `_index` is an index route, and a file
// whose name is a dot-prefix of another becomes its parent layout.
import fs from "node:fs";
import path from "node:path";

const ROUTE_FILE = /\.(tsx|ts|jsx|js)$/;

/** Splits a flat route name on dots, except dots escaped in brackets ("color[.]css"). */
function segmentsOf(name) {
  const segments = [""];
  let escaped = false;
  for (const ch of name) {
    if (ch === "[" || ch === "]") escaped = ch === "[";
    else if (ch === "." && !escaped) segments.push("");
    else segments[segments.length - 1] += ch;
  }
  return segments;
}

/** Converts a flat route name ("ecard.sent.$id") to a URL path ("ecard/sent/:id"). */
export function flatNameToPath(name) {
  return segmentsOf(name)
    .filter((segment) => segment !== "_index")
    .map((segment) => {
      if (segment === "$") return "*";
      if (segment.startsWith("$")) return `:${segment.slice(1)}`;
      return segment;
    })
    .join("/");
}

/**
 * Returns a Remix route manifest for every plugin under `pluginsDir`.
 * File paths are relative to app/, as the classic compiler requires.
 */
export function pluginRouteManifest(pluginsDir, appDir = "app") {
  const manifest = {};
  const root = path.resolve(pluginsDir);
  if (!fs.existsSync(root)) return manifest;

  for (const pluginId of fs.readdirSync(root).sort()) {
    const routesDir = path.join(root, pluginId, "routes");
    if (!fs.existsSync(routesDir)) continue;
    const names = fs
      .readdirSync(routesDir)
      .filter((file) => ROUTE_FILE.test(file) && !/\.(test|spec)\./.test(file))
      .map((file) => ({ file, name: file.replace(ROUTE_FILE, "") }))
      .sort((a, b) => a.name.split(".").length - b.name.split(".").length);

    const ids = new Map();
    for (const { file, name } of names) {
      const id = `plugins/${pluginId}/${name}`;
      const parentName = names
        .map((candidate) => candidate.name)
        .filter((candidate) => name.startsWith(`${candidate}.`))
        .sort((a, b) => b.length - a.length)[0];
      const fullPath = flatNameToPath(name);
      const parentPath = parentName ? flatNameToPath(parentName) : "";
      const relativePath = parentName ? fullPath.slice(parentPath.length).replace(/^\//, "") : fullPath;
      const isIndex = name.endsWith("_index");
      manifest[id] = {
        id,
        parentId: parentName ? ids.get(parentName) : "root",
        file: path.relative(path.resolve(appDir), path.join(routesDir, file)).split(path.sep).join("/"),
        path: isIndex && !relativePath ? undefined : relativePath,
        index: isIndex || undefined,
      };
      ids.set(name, id);
    }
  }
  return manifest;
}
