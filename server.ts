// The production server: express around the Remix build. Everything it runs
// comes from the build (the server entry exports `platform`), so one copy of
// each module serves a request. Compiled to build/server.js by `npm run build`.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type * as Platform from "~/modules/platform.server";

type Build = ServerBuild & { entry: { module: { platform: typeof Platform } } };

async function main() {
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as Build;
  const { platform } = build.entry.module;
  try {
    const env = platform.parseEnv();
    const log = platform.createLogger(env.LOG_LEVEL);
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
  } catch (error) {
    if (error instanceof platform.EnvError || error instanceof platform.TenantConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
