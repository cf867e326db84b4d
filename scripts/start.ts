// `npm start`: build when the sources are newer than the build, then serve.
// The server itself migrates, and seeds demo programs in demo mode.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const BUILD = path.resolve("build/index.js");
const SOURCES = ["app", "plugins", "remix.config.js", "package-lock.json", "postcss.config.js"];

function newestChange(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

const builtAt = fs.existsSync(BUILD) ? fs.statSync(BUILD).mtimeMs : 0;
if (Math.max(...SOURCES.map(newestChange)) > builtAt) {
  console.log("Building the app…");
  execFileSync("npx", ["remix", "build"], { stdio: "inherit" });
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
await import("../server");
