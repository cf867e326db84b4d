// `npm run bench:start`: how long `npm start` (node scripts/start.js) takes to serve its first page, on
// a fresh data directory (migrations and demo seeding) and then on restarts.
// Builds first if needed (as npm start does), and reports the build apart.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "./start-server.js";

const RESTARTS = Number(process.env.RESTARTS ?? 5);
const PORT = Number(process.env.PORT ?? 3499);

async function firstPage() {
  const env = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  const server = await startServer(process.execPath, ["scripts/start.js"], { env }, `http://127.0.0.1:${PORT}/login`, { Host: `acme.localhost:${PORT}` });
  await server.stop();
  return server.seconds;
}

const buildStarted = performance.now();
execFileSync("npm", ["run", "--silent", "build"], { stdio: "ignore" });
const buildSeconds = (performance.now() - buildStarted) / 1000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recognize-bench-start-"));
const first = await firstPage();
const restarts = [];
for (let i = 0; i < RESTARTS; i++) restarts.push(await firstPage());
fs.rmSync(dataDir, { recursive: true, force: true });

restarts.sort((a, b) => a - b);
const median = restarts[Math.floor(restarts.length / 2)];
console.log(`build                         ${buildSeconds.toFixed(1)} s`);
console.log(`first start (fresh data)      ${first.toFixed(1)} s to the first page`);
console.log(`restart, median of ${RESTARTS}        ${median.toFixed(2)} s (${restarts.map((s) => s.toFixed(2)).join(", ")})`);
