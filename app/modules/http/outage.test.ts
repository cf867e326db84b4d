import net from "node:net";
import { Redis, type RedisOptions } from "ioredis";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { isOutage } from "./outage";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A port on which nothing listens. */
async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A server that takes each connection and drops it at once, as a crashing service does. */
async function droppingPort() {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return (server.address() as net.AddressInfo).port;
}

async function rejectionOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

function redisClient(port: number, options: RedisOptions = {}) {
  const redis = new Redis(port, "127.0.0.1", { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null, ...options });
  redis.on("error", () => {});
  cleanups.push(() => redis.disconnect());
  return redis;
}

describe("isOutage recognises the errors the real clients raise", () => {
  it("pg: a refused connection", async () => {
    const client = new pg.Client({ host: "127.0.0.1", port: await closedPort() });
    expect(isOutage(await rejectionOf(client.connect()))).toBe(true);
  });

  it("pg: a connection dropped by the server", async () => {
    const client = new pg.Client({ host: "127.0.0.1", port: await droppingPort() });
    const error = await rejectionOf(client.connect());
    expect((error as Error).message).toMatch(/Connection terminated/);
    expect(isOutage(error)).toBe(true);
  });

  it("pg-pool: no connection within the timeout", async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => {
      silent.close();
    });
    const pool = new pg.Pool({ host: "127.0.0.1", port: (silent.address() as net.AddressInfo).port, connectionTimeoutMillis: 100 });
    cleanups.push(() => pool.end().catch(() => {}));
    expect(isOutage(await rejectionOf(pool.query("select 1")))).toBe(true);
  });

  it("ioredis: a command while the connection is down and the offline queue is off", async () => {
    const redis = redisClient(await closedPort());
    const error = await rejectionOf(redis.get("x"));
    expect((error as Error).message).toMatch(/Stream isn't writeable/);
    expect(isOutage(error)).toBe(true);
  });

  it("ioredis: a refused connection", async () => {
    const redis = redisClient(await closedPort());
    expect(isOutage(await rejectionOf(redis.connect()))).toBe(true);
  });

  it("ioredis: a command lost with its connection, past the retries", async () => {
    const redis = redisClient(await droppingPort(), { enableOfflineQueue: true, retryStrategy: () => 10, maxRetriesPerRequest: 1 });
    const error = await rejectionOf(redis.get("x"));
    expect((error as Error).name).toBe("MaxRetriesPerRequestError");
    expect(isOutage(error)).toBe(true);
  });

  it("through a cause and inside an AggregateError", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(isOutage(new Error("query failed", { cause: refused }))).toBe(true);
    expect(isOutage(new AggregateError([new Error("first"), refused]))).toBe(true);
  });

  it("PostgreSQL's shutdown and connection-exception states", () => {
    for (const code of ["57P01", "57P03", "08006", "08P01", "53300"]) {
      expect(isOutage(Object.assign(new Error("server says no"), { code }))).toBe(true);
    }
  });

  it("but not a bug or a refused statement", () => {
    expect(isOutage(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isOutage(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isOutage(Object.assign(new Error("ERR wrong number of arguments"), { name: "ReplyError" }))).toBe(false);
    expect(isOutage(new AggregateError([new Error("a"), new Error("b")]))).toBe(false);
    expect(isOutage("Connection is closed.")).toBe(false);
  });
});
