import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { startApp } from "~/modules/app.server";
import { EnvError, parseEnv } from "~/modules/env.server";
import { createExpressApp } from "~/modules/http/express-app.server";
import { createLogger } from "~/modules/logger.server";
import { TenantConfigError } from "~/modules/tenants/files.server";

async function main() {
  const env = parseEnv();
  const log = createLogger(env.LOG_LEVEL);
  const app = await startApp(env, log);
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const server = createExpressApp(app, build).listen(env.PORT, () => {
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

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof TenantConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
