// `npm run bench:bundles`: the JavaScript each page makes a browser download,
// gzipped, from the last `remix build` (entry + root + the route and its chunks).
// A figure to watch for JavaScript-light browsers, not a test.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestRoute {
  module: string;
  imports?: string[];
}

const buildDir = path.resolve("public/build");
const manifestFile = fs.readdirSync(buildDir).find((name) => /^manifest-[\w]+\.js$/.test(name));
if (!manifestFile) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const source = fs.readFileSync(path.join(buildDir, manifestFile), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
};

const gzipped = new Map<string, number>();
function sizeOf(file: string) {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(fs.readFileSync(path.join("public", file))).length);
  return gzipped.get(file)!;
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0).padStart(4)} KB`;

const total = (files: Iterable<string>) => [...new Set(files)].reduce((sum, file) => sum + sizeOf(file), 0);
const root = manifest.routes.root!;
const shared = [manifest.entry.module, ...manifest.entry.imports, root.module, ...(root.imports ?? [])];
const rows = Object.entries(manifest.routes)
  .filter(([id]) => id !== "root")
  .map(([id, route]) => {
    return { id, total: total([...shared, route.module, ...(route.imports ?? [])]) };
  })
  .sort((a, b) => b.total - a.total);

console.log(`${kb(total(shared))}  every page (entry + root)`);
for (const row of rows) console.log(`${kb(row.total)}  ${row.id}`);
