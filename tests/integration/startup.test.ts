import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Starts server.ts as `npm start` would and returns how it ended. */
function startServer(env: Record<string, string>) {
  // The compiled server (npm run build ran before the tests), with plain Node: production needs no tsx.
  const result = spawnSync(process.execPath, ["build/server.js"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "start-")),
      ...env,
    },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr };
}

describe("start-up refuses bad configuration with a clear message", () => {
  it("names a bad environment variable", () => {
    const { status, stderr } = startServer({ PORT: "70000" });
    expect(status).toBe(1);
    expect(stderr).toContain("Invalid environment:\n  - PORT: Too big: expected number to be <=65535");
  });

  it("refuses several web processes on the embedded database", () => {
    const { status, stderr } = startServer({ WEB_CONCURRENCY: "2" });
    expect(status).toBe(1);
    expect(stderr).toContain("WEB_CONCURRENCY: above 1 needs DATABASE_URL and REDIS_URL");
  });

  it("names the tenant file, the JSON path and the reason", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tenants-"));
    const acme = JSON.parse(fs.readFileSync("tenants/acme.json", "utf8"));
    acme.points.pointValue = -1;
    fs.writeFileSync(path.join(dir, "acme.json"), JSON.stringify(acme));
    const { status, stderr } = startServer({ TENANTS_DIR: dir });
    expect(status).toBe(1);
    expect(stderr).toContain(`Invalid tenant configuration:\n  - ${path.join(dir, "acme.json")} at $.points.pointValue: must be above 0`);
  });
});
