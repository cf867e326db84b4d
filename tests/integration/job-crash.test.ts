import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { freshDatabase, migratedDataDir } from "../setup/databases";

const SCRIPT = "tests/fixtures/jobs/job-process.ts";

/** Runs the job process until it prints a line matching `until`; returns the line and the process. */
function jobProcess(args: string[], env: Record<string, string>, until: RegExp) {
  const child = spawn(process.execPath, ["--import", "tsx", SCRIPT, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const line = new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = output.split("\n").find((entry) => until.test(entry));
      if (found) resolve(found);
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code, signal) => reject(new Error(`job process ended (${code ?? signal}) before "${until}":\n${output}`)));
  });
  const ended = new Promise((resolve) => child.once("exit", resolve));
  return { child, line, ended };
}

/**
 * A job whose process is killed (SIGKILL) mid-run, after its effect is written,
 * runs again in the next process, and its effect is there once.
 */
async function survivesKill(database: Record<string, string>) {
  const label = `crash-${Date.now()}`;
  const first = jobProcess(["enqueue", label], { ...database, PROBE_HANG_AFTER_EFFECT: "1" }, /EFFECT_WRITTEN/);
  await first.line;
  first.child.kill("SIGKILL");
  await first.ended;
  const second = jobProcess(["finish", label], database, /^\{/);
  const result = JSON.parse(await second.line);
  await second.ended;
  expect(result).toEqual({ state: "completed", retry_count: 1, effects: 1 });
}

const dataDir = migratedDataDir("job-crash-");

describe("a job whose process is killed mid-run", () => {
  it.skipIf(Boolean(process.env.DATABASE_URL))("runs again after a restart on the embedded database, and takes effect once", async () => {
    await survivesKill({ DATA_DIR: dataDir });
  }, 90_000);

  it.runIf(Boolean(process.env.DATABASE_URL))("is run again by another process on PostgreSQL once its timeout passes, and takes effect once", async () => {
    const database = await freshDatabase();
    try {
      if (database.target.kind !== "postgres") throw new Error("expected PostgreSQL");
      await survivesKill({ DATABASE_URL: database.target.url, DATA_DIR: dataDir });
    } finally {
      await database.drop();
    }
  }, 90_000);
});
