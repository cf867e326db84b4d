import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/modules/app.server";
import { loadBuild } from "../setup/built-app";
import { freshDatabase } from "../setup/databases";
import { requestHost, serveBuiltApp } from "../setup/http-client";
import { TcpProxy } from "../setup/tcp-proxy";
import { TEST_SESSION_SECRET } from "../setup/test-app";

const realServers = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

/** Polls until the page answers with `status` (dependencies reconnect on their own schedule). */
async function eventually(port: number, status: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let last = 0;
  while (Date.now() < deadline) {
    last = (await requestHost(port, "acme.localhost", "/login")).status;
    if (last === status) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`expected ${status}, last answer ${last}`);
}

describe.skipIf(!realServers)("when PostgreSQL or Redis is down", () => {
  const dbProxy = new TcpProxy(Number(new URL(process.env.DATABASE_URL ?? "postgres://x:5432").port || 5432));
  const redisProxy = new TcpProxy(Number(new URL(process.env.REDIS_URL ?? "redis://x:6379").port || 6379));
  let app: AppServices;
  let server: http.Server;
  let port: number;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const database = await freshDatabase();
    dropDatabase = database.drop;
    const viaProxy = new URL((database.target as { url: string }).url);
    viaProxy.port = String(await dbProxy.start());
    const redisUrl = new URL(process.env.REDIS_URL!);
    redisUrl.port = String(await redisProxy.start());
    const { parseEnv, startApp, createLogger } = (await loadBuild()).entry.module.platform;
    const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", REDIS_URL: redisUrl.toString(), REDIS_KEY_PREFIX: `outage-${Date.now()}:` });
    app = await startApp(env, createLogger("silent"), { database: { kind: "postgres", url: viaProxy.toString() }, sessionSecrets: [TEST_SESSION_SECRET], seedDemo: false });
    ({ server, port } = await serveBuiltApp(app));
  }, 120_000);

  afterAll(async () => {
    server?.close();
    await app?.close();
    await dbProxy.stop();
    await redisProxy.stop();
    await dropDatabase?.();
  });

  it("shows the maintenance page with 503 while Redis is down, and recovers by itself", { timeout: 60_000 }, async () => {
    await eventually(port, 200);
    await redisProxy.stop();
    await eventually(port, 503);
    const page = await requestHost(port, "acme.localhost", "/login");
    expect(page.body).toContain("We'll be right back");
    expect((await requestHost(port, "acme.localhost", "/healthz")).status).toBe(200);
    expect((await requestHost(port, "acme.localhost", "/readyz")).status).toBe(503);

    await redisProxy.start();
    await eventually(port, 200);
  });

  it("shows the maintenance page with 503 while PostgreSQL is down, and recovers by itself", { timeout: 60_000 }, async () => {
    await eventually(port, 200);
    await dbProxy.stop();
    await eventually(port, 503);
    expect((await requestHost(port, "acme.localhost", "/feed")).body).toContain("We'll be right back");

    await dbProxy.start();
    await eventually(port, 200);
  });
});
