// `npm start` (scripts/start.js) in a process of its own, with plain Node, for a script that runs
// under tsx (`npm run tenant -- reproduce`, the browser tests' servers): through tsx's loader,
// importing the 17 MB server bundle took 10 s instead of 1.3 s. The script's signals are passed
// on, and it ends with the server's exit code.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const START = fileURLToPath(new URL("./start.js", import.meta.url));

/** Starts the server with `env` and returns its process. */
export function runServer(env = process.env) {
  const server = spawn(process.execPath, [START], { env, stdio: "inherit" });
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
  server.once("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return server;
}
