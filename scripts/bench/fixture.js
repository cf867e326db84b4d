// The benches' yardstick: a one-route Remix 2 app (`bench/fixture`) on the product's own Remix and
// React, built on first use and served by remix-serve in production mode.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startServer } from "./start-server.js";

const FIXTURE = path.resolve("bench/fixture");

/** The dependencies a package.json names, with their versions. */
function versions(file) {
  const { dependencies = {}, devDependencies = {} } = JSON.parse(fs.readFileSync(file, "utf8"));
  return { ...dependencies, ...devDependencies };
}

/** Starts the one-route app on `port`; it must run the product's Remix and React, or comparing with it means nothing. */
export async function startFixture(port) {
  const product = versions("package.json");
  for (const [name, version] of Object.entries(versions(path.join(FIXTURE, "package.json")))) {
    if (product[name] !== version) throw new Error(`bench/fixture/package.json has ${name} ${version}, the product ${product[name]}: make them equal`);
  }
  if (!fs.existsSync(path.join(FIXTURE, "build/index.js"))) {
    execFileSync(process.execPath, [path.resolve("node_modules/@remix-run/dev/dist/cli.js"), "build"], { cwd: FIXTURE, stdio: "ignore" });
  }
  const url = `http://127.0.0.1:${port}/`;
  const server = await startServer(
    process.execPath,
    [path.resolve("node_modules/@remix-run/serve/dist/cli.js"), "build/index.js"],
    { cwd: FIXTURE, env: { ...process.env, NODE_ENV: "production", PORT: String(port) } },
    url,
  );
  return { ...server, url };
}
