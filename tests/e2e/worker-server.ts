import { spawn, type ChildProcess } from "node:child_process";

/** The first worker's port; worker n serves on BASE_PORT + n (and its test IdP on that + 20). */
const BASE_PORT = 3400;

let current: number | undefined;

/** The port of this worker's server (tests/e2e/test.ts starts it before the worker's first test). */
export function serverPort() {
  if (current === undefined) throw new Error("No server in this worker: import test from tests/e2e/test.ts");
  return current;
}

async function answers(port: number) {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
  } catch {
    return false;
  }
}

/**
 * Starts the app as `npm start` runs it (tests/e2e/serve.ts: its own fresh
 * database and demo data) for one Playwright worker, so workers never share
 * people, points or settings and can run side by side. Returns a stop function.
 */
export async function startWorkerServer(parallelIndex: number) {
  const port = BASE_PORT + parallelIndex;
  // A server still answering there is a stopped worker's on its way out, or another run's: testing against
  // that one would change its data.
  const freeBy = Date.now() + 15_000;
  while (await answers(port)) {
    if (Date.now() > freeBy) throw new Error(`Port ${port} already has a server: is another browser run going on this machine?`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "tests/e2e/serve.ts"], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + 120_000;
  while (!(await answers(port))) {
    if (child.exitCode !== null) throw new Error(`The test server on port ${port} stopped (${child.exitCode}):\n${errors}`);
    if (Date.now() > deadline) throw new Error(`The test server on port ${port} did not answer in 120 s:\n${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  current = port;
  return {
    port,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      // The whole group: serve.ts and the server under it.
      process.kill(-child.pid!, "SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      current = undefined;
    },
  };
}
