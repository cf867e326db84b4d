import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "~/modules/demo/seed.server";
import { pluginRouteManifest } from "../../scripts/plugin-routes.js";
import { migratedDataDir } from "../setup/databases";
import { requestHost } from "../setup/http-client";
import { testPort } from "../setup/ports";

// `npm run tenant`'s commands, each in a process of its own on an embedded database of its own,
// whatever database the test run has (tests/integration/tenant-transfer.test.ts tests what they call).
const tmp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

describe("npm run tenant -- export", () => {
  // The command starts the app from its source, whose cards' components import their icon sprites (.svg),
  // on an embedded database of its own (already migrated: made from nothing, this took over 55 s under CI's load).
  it("prints a program's tenant file from the command line", { timeout: 180_000 }, () => {
    const run = spawnSync("npm", ["run", "--silent", "tenant", "--", "export", "acme"], {
      env: { PATH: process.env.PATH, NODE_ENV: "production", LOG_LEVEL: "warn", DATA_DIR: migratedDataDir("export-cli-") },
      encoding: "utf8",
      timeout: 170_000,
    });
    expect(run.error, "the command ran to its end").toBeUndefined();
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toMatchObject({ subdomain: "acme", name: "Acme Corporation" });
  });
});

describe("npm run tenant -- reproduce", () => {
  const port = testPort(3297);
  let child: ChildProcess;
  let output = "";
  const globex = JSON.parse(fs.readFileSync("tenants/globex.json", "utf8"));

  beforeAll(async () => {
    const dir = tmp("reproduce-");
    const file = path.join(dir, "customer.json");
    fs.writeFileSync(file, JSON.stringify({ ...globex, subdomain: "initech", name: "Initech" }));
    child = spawn(process.execPath, ["--import", "./scripts/run-source.js", "scripts/tenant.ts", "reproduce", file, "--port", String(port)], {
      // DATABASE_URL is passed on to show reproduce ignores it: it always starts on a fresh embedded database.
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      },
      stdio: ["ignore", "pipe", "pipe"],
      // A group of its own: reproduce runs the server as a child, and a kill must reach both.
      detached: true,
    });
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    // It validates the file from the source under tsx, then starts the built server, which makes a fresh
    // embedded database, migrates it and seeds 300 people: alone 14 s on this machine, but under CI's load
    // (the hostile-input corpus beside it) it once passed 150 s.
    const deadline = Date.now() + 280_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`reproduce exited: ${output}`);
      const up = await requestHost(port, "initech.localhost", "/healthz").then((r) => r.status === 200, () => false);
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`reproduce did not start: ${output}`);
  }, 300_000);

  // A failure here is the reproduced server's story: what it printed, and whether it is still running.
  beforeEach(({ onTestFailed }) => onTestFailed(() => console.error(`The reproduced server (exit code ${child.exitCode}, signal ${child.signalCode}) printed:\n${output}`)));

  afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid!, "SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
  }, 20_000);

  function signIn(username: string) {
    return requestHost(port, "initech.localhost", "/login", { method: "POST", form: { username, password: DEMO_PASSWORD } });
  }

  it("prints each role's sign-in name and the password", () => {
    expect(output).toContain('Reproducing "initech" (Initech)');
    expect(output).toContain(`sign in with the password ${DEMO_PASSWORD} as:`);
    for (const name of ["employee", "manager", "admin"]) expect(output).toMatch(new RegExp(`^  ${name} `, "m"));
    const on = Object.entries(globex.features as Record<string, { enabled: boolean }>).filter(([, feature]) => feature.enabled).map(([id]) => id);
    expect(output).toContain(`Features on: ${on.join(", ")}`);
    expect(output).toContain(`Two-factor is on: the texted codes are on http://initech.localhost:${port}/dev/outbox.`);
  });

  it("serves only that tenant, with a user per role who can sign in, and its features as in the file", async () => {
    for (const name of ["employee", "manager", "admin"]) {
      expect((await signIn(name)).location, name).toBe("/feed");
    }
    const { cookie } = await signIn("admin");
    // The file turns two-factor on: the code goes to the reproduced program's outbox.
    expect((await requestHost(port, "initech.localhost", "/feed", { cookie: cookie! })).location).toBe("/two-factor");
    const sent = await requestHost(port, "initech.localhost", "/two-factor", { method: "POST", form: { intent: "send" }, cookie: cookie! });
    expect(sent.location).toBe("/two-factor");
    const outbox = await requestHost(port, "initech.localhost", "/dev/outbox", { cookie: cookie! });
    const code = /(\d{6}) is your Initech verification code/.exec(outbox.body)?.[1];
    const verified = await requestHost(port, "initech.localhost", "/two-factor", { method: "POST", form: { intent: "verify", code: code! }, cookie: cookie! });
    expect(verified.location).toBe("/feed");
    // A page of a plugin the file has off answers as the guard says.
    const offPage = Object.values(pluginRouteManifest("plugins") as Record<string, { id: string; path?: string }>).find(
      (route) => route.path && !route.path.includes(":") && globex.features[/^plugins\/([^/]+)\//.exec(route.id)![1]!]?.enabled === false,
    )!;
    expect((await requestHost(port, "initech.localhost", `/${offPage.path}`, { cookie: cookie! })).location).toBe("/feed");
    const feed = await requestHost(port, "initech.localhost", "/feed", { cookie: cookie! });
    expect(feed.status).toBe(200);
    expect(feed.body).toContain("Alex Admin");
    const acme = await requestHost(port, "acme.localhost", "/login");
    expect(acme.status).toBe(404);
  });
});
