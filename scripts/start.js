// `npm start`: build when the sources are newer than the build, then serve the
// compiled server (build/server.js). Plain JavaScript: production needs no tsx.
// The server itself migrates, and seeds demo programs in demo mode.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const SERVER = path.resolve("build/server.js");
const SOURCES = ["app", "plugins", "server.ts", "remix.config.js", "package-lock.json", "postcss.config.js", "scripts/plugin-routes.js", "scripts/plugin-index.js"];

function newestChange(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

const builtAt = fs.existsSync(SERVER) ? fs.statSync(SERVER).mtimeMs : 0;
if (Math.max(...SOURCES.map(newestChange)) > builtAt) {
  console.log("Building the app…");
  // On a first start the embedded database is created meanwhile (the app opens it, as on any start).
  const embeddedDir = path.resolve(process.env.DATA_DIR ?? "data", "pglite");
  const createDatabase = !process.env.DATABASE_URL && !fs.existsSync(path.join(embeddedDir, "PG_VERSION"));
  await Promise.all([
    run("npm", ["run", "--silent", "build"]),
    createDatabase ? run(process.execPath, ["scripts/init-embedded-db.js", embeddedDir]) : null,
  ]);
}

// Demo mode (no DATABASE_URL): bare localhost opens the first demo program.
if (!process.env.DATABASE_URL && !process.env.DEFAULT_TENANT) {
  const first = fs
    .readdirSync(process.env.TENANTS_DIR ?? "tenants")
    .filter((name) => name.endsWith(".json"))
    .sort()[0];
  if (first) process.env.DEFAULT_TENANT = first.slice(0, -".json".length);
}

process.env.NODE_ENV ??= "production";
await import(pathToFileURL(SERVER).href);
