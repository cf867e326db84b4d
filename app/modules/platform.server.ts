/**
 * What the process around the Remix build needs: start-up, the HTTP app, and
 * the errors start-up reports. The server entry re-exports this module, so
 * server.ts reaches it through the build and one copy of every module serves a
 * request (decision 018).
 */
export { startApp } from "./app.server";
export { createExpressApp } from "./http/express-app.server";
export { EnvError, parseEnv } from "./env.server";
export { DependencyUnreachable } from "./dependency-unreachable.server";
export { createLogger } from "./logger.server";
export { TenantConfigError } from "./tenants/files.server";
export { seedDemoProgram } from "./demo/seed.server";
export { createRequestContext } from "./context.server";
