// The production server: express around the Remix build. Everything it runs
// comes from the build (the server entry exports `platform`), so one copy of
// each module serves a request. Compiled to build/server.js by `npm run build`.
import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import type { ServerBuild } from "@remix-run/node";
import type * as Platform from "~/modules/platform.server";

type Build = ServerBuild & { entry: { module: { platform: typeof Platform } } };

type Logger = ReturnType<typeof Platform.createLogger>;
type Env = ReturnType<typeof Platform.parseEnv>;

/**
 * How far V8 lets the heap grow past what survived its last full collection, in percent. Its
 * default grows it up to fourfold under a steady stream of requests and keeps it: a web process
 * held 470 MB after the bench for ~130 MB of live objects; at 30 it holds under 300 MB with the
 * same throughput (decision 074). A limit on growth, not on size: a large export still gets the
 * heap it needs. An operator's own setting (NODE_OPTIONS) wins.
 */
const HEAP_GROWING_PERCENT = 30;

async function main() {
  if (![...process.execArgv, process.env.NODE_OPTIONS ?? ""].some((flag) => flag.includes("heap-growing-percent"))) {
    v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  }
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as Build;
  const { platform } = build.entry.module;
  try {
    const env = platform.parseEnv();
    const log = platform.createLogger(env.LOG_LEVEL);
    if (process.argv.includes("--worker")) await runJobs(platform, env, log);
    else if (env.WEB_CONCURRENCY > 1 && cluster.isPrimary) await superviseWorkers(platform, env, log);
    else await serve(platform, build, env, log);
  } catch (error) {
    if (error instanceof platform.EnvError || error instanceof platform.TenantConfigError || error instanceof platform.DependencyUnreachable) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** One web process: the app on PORT (shared with the others under WEB_CONCURRENCY), stopped gently on a signal. */
async function serve(platform: typeof Platform, build: Build, env: Env, log: Logger) {
  const app = await platform.startApp(env, log);
  const server = platform.createExpressApp(app, build).listen(env.PORT, () => {
    log.info(
      { event: "listening", port: env.PORT, database: app.database.target, redis: Boolean(app.redis) },
      `listening on http://localhost:${env.PORT}`,
    );
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ event: "stopping", signal }, "shutting down");
    server.close(async () => {
      await app.close();
      log.info({ event: "stopped" }, "stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
    // In-flight requests get 10 s to finish.
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * `npm run worker`: background jobs only, no HTTP (WORKERS of each kind at
 * once, 2 by default). Production runs some beside the web processes; the
 * embedded database belongs to the web process, which runs its jobs itself.
 */
async function runJobs(platform: typeof Platform, env: Env, log: Logger) {
  if (!env.DATABASE_URL) throw new platform.EnvError(["DATABASE_URL: a worker process needs it; on the embedded database the web process runs the jobs"]);
  if (env.WORKERS === 0) throw new platform.EnvError(["WORKERS: a worker process with 0 would run nothing"]);
  const app = await platform.startApp({ ...env, WORKERS: env.WORKERS ?? 2 }, log, { seedDemo: false });
  const stop = async (signal: string) => {
    log.info({ event: "stopping", signal }, "shutting down");
    setTimeout(() => process.exit(1), 12_000).unref();
    await app.close();
    process.exit(0);
  };
  // Heard before the process says it has started: a signal sent on hearing that must find them.
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  log.info({ event: "worker_started", workers: app.jobs.workers, jobs: app.registry.jobs().length }, "running background jobs");
}

/**
 * WEB_CONCURRENCY web processes on one port (node:cluster). The database is
 * made ready once, here, before any of them starts (migrations, programs, demo
 * data), so they never race to do it. One that dies is replaced; a signal
 * stops them all, each finishing its requests.
 */
async function superviseWorkers(platform: typeof Platform, env: Env, log: Logger) {
  await (await platform.startApp(env, log, { jobs: { workers: 0 } })).close();
  let stopping = false;
  for (let i = 0; i < env.WEB_CONCURRENCY; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log.error({ event: "web_process_ended", pid: worker.process.pid, code, signal }, "a web process ended: starting another");
    // A second apart, so that a process that cannot start does not spin.
    setTimeout(() => cluster.fork(), 1000);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ event: "stopping", signal, processes: env.WEB_CONCURRENCY }, "shutting down the web processes");
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), 12_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
