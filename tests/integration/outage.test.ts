import http from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RunningApp } from "~/modules/app.server";
import { activateCodes, codePool, issueCodes } from "~/modules/codes/service.server";
import { balanceOf, transfer } from "~/modules/points/ledger.server";
import { loadBuild } from "../setup/built-app";
import { freshDatabase } from "../setup/databases";
import { requestHost, serveBuiltApp } from "../setup/http-client";
import { TcpProxy } from "../setup/tcp-proxy";
import { signInAs, TEST_SESSION_SECRET, tenantOf } from "../setup/test-app";

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
  let app: RunningApp;
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
    const { parseEnv, startApp, createLogger, seedDemoProgram } = (await loadBuild()).entry.module.platform;
    const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", REDIS_URL: redisUrl.toString(), REDIS_KEY_PREFIX: `outage-${Date.now()}:` });
    app = await startApp(env, createLogger("silent"), { database: { kind: "postgres", url: viaProxy.toString() }, sessionSecrets: [TEST_SESSION_SECRET], seedDemo: false });
    await seedDemoProgram(app.database, tenantOf(app, "acme"), { population: 0, registry: app.registry });
    ({ server, port } = await serveBuiltApp(app));
  }, 120_000);

  let issuers = 0;
  /** Funded, redeemable codes of 100 points each, as a feature that issues codes would make them. */
  async function activeCodes(count: number) {
    const db = app.database.forProgram(tenantOf(app, "acme").programId);
    const source = `outage:${++issuers}`;
    const codes = await issueCodes(db, { source, count, points: 100, expiresAt: new Date(Date.now() + 86_400_000) });
    await transfer(db, { idempotencyKey: `fund:${source}`, kind: "ADJUSTMENT", amount: count * 100, reason: "Test codes", actorId: null, from: { kind: "PROGRAM_BUCKET" }, to: codePool(source) });
    await activateCodes(db, source);
    return { db, codes };
  }

  const redeem = (cookie: string, code: string) =>
    requestHost(port, "acme.localhost", "/redeem", { method: "POST", cookie, form: { code, redirectTo: "/feed" } });

  it("reports a redeem as done when Redis is lost just after the points were credited", { timeout: 60_000 }, async () => {
    await eventually(port, 200);
    const { db, codes } = await activeCodes(1);
    const { cookie, employeeId } = await signInAs(app, "acme", "employee");
    const before = await balanceOf(db, { kind: "SHOPPING", employeeId });

    // The session write (SET …session:…) comes after the ledger's commit; Redis goes down as it is sent.
    redisProxy.stopWhenSent(/\r\nset\r\n\$\d+\r\n[^\r]*session:/i);
    const answer = await redeem(cookie, codes[0]!);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/feed");
    expect(await balanceOf(db, { kind: "SHOPPING", employeeId })).toBe(before + 100);

    await redisProxy.start();
    await eventually(port, 200);
    const flash = answer.headers["set-cookie"]!.map((header) => header.split(";")[0]).join("; ");
    const feed = await requestHost(port, "acme.localhost", "/feed", { cookie: `${cookie}; ${flash}` });
    expect(feed.body).toContain("You&#x27;ve successfully added 100 points to your account...");
  });

  it("never answers 500 to parallel redeems while Redis goes down: each is reported done, or shows the maintenance page", { timeout: 60_000 }, async () => {
    await eventually(port, 200);
    const { db, codes } = await activeCodes(60);
    const { cookie, employeeId } = await signInAs(app, "acme", "employee");
    const before = await balanceOf(db, { kind: "SHOPPING", employeeId });

    const answers = codes.map(async (code, index) => {
      if (index === 20) await redisProxy.stop();
      return redeem(cookie, code);
    });
    const statuses = (await Promise.all(answers)).map((answer) => answer.status);
    const redeemed = await db.selectFrom("redeem_code").select((eb) => eb.fn.countAll<string>().as("n")).where("code", "in", codes).where("redeemed_by", "is not", null).executeTakeFirstOrThrow();

    expect(statuses.filter((status) => status !== 302 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status === 302).length).toBe(Number(redeemed.n));
    expect(await balanceOf(db, { kind: "SHOPPING", employeeId })).toBe(before + 100 * Number(redeemed.n));
    expect(statuses).toContain(503);

    await redisProxy.start();
    await eventually(port, 200);
  });

  // A test that fails half-way must not leave the next one without its services.
  afterEach(async () => {
    await dbProxy.start();
    await redisProxy.start();
  });

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
