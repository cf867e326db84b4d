// The JavaScript each route makes a browser download, gzipped, from the last
// `remix build`: the entry, the root and the route with their chunks. The budget
// test and `npm run bench:bundles` read it.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** What a page's scripts may weigh, gzipped: for JavaScript-light browsers on slow links. */
export const CLIENT_SCRIPT_BUDGET_BYTES = 150 * 1024;

/** `{ shared, routes: [{ id, bytes }] }`, largest first; null when there is no build. */
export function clientBundles(publicDir = "public") {
  const buildDir = path.join(publicDir, "build");
  const manifestFile = fs.existsSync(buildDir) && fs.readdirSync(buildDir).find((name) => /^manifest-\w+\.js$/.test(name));
  if (!manifestFile) return null;
  const source = fs.readFileSync(path.join(buildDir, manifestFile), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));
  const gzipped = new Map();
  const sizeOf = (file) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(fs.readFileSync(path.join(publicDir, file))).length);
    return gzipped.get(file);
  };
  const total = (files) => [...new Set(files)].reduce((sum, file) => sum + sizeOf(file), 0);
  const root = manifest.routes.root;
  const shared = [manifest.entry.module, ...manifest.entry.imports, root.module, ...(root.imports ?? [])];
  const routes = Object.entries(manifest.routes)
    .filter(([id]) => id !== "root")
    .map(([id, route]) => ({ id, bytes: total([...shared, route.module, ...(route.imports ?? [])]) }))
    .sort((a, b) => b.bytes - a.bytes);
  return { shared: total(shared), routes };
}
