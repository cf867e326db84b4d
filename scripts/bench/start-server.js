import { spawn } from "node:child_process";

/**
 * Starts a server process and resolves, with the seconds it took, once `url`
 * answers 200 (sent with `headers`, such as a program's Host). The process gets
 * its own process group, so `stop` ends it and whatever it started; and it never
 * outlives the bench, whatever ends the bench (a later server that fails to start).
 */
export async function startServer(command, args, options, url, headers = {}) {
  const answering = await fetch(url, { headers }).then(() => true, () => false);
  if (answering) throw new Error(`Something already answers at ${url}: stop it first`);
  const started = performance.now();
  const child = spawn(command, args, { ...options, stdio: "ignore", detached: true });
  process.on("exit", () => child.exitCode === null && process.kill(-child.pid, "SIGKILL"));
  const stop = async () => {
    if (child.exitCode !== null) return;
    process.kill(-child.pid, "SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${[command, ...args].join(" ")} exited with ${child.exitCode}`);
    const ok = await fetch(url, { headers }).then((response) => response.status === 200, () => false);
    if (ok) return { child, stop, seconds: (performance.now() - started) / 1000 };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
