import { crossProgramDb } from "~/modules/db/database.server";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseSessionStore, purgeExpiredSessions, redisSessionStore, type SessionStore } from "~/modules/auth/session-store.server";
import { databaseOneTimeStore, purgeExpiredOneTimeKeys, redisOneTimeStore, type OneTimeStore } from "~/modules/auth/one-time-store.server";
import { createTestApp, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;
let redis: Redis | null = null;
beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
  if (process.env.REDIS_URL) redis = new Redis(process.env.REDIS_URL, { keyPrefix: `test-sessions-${Date.now()}:` });
});
afterAll(async () => {
  redis?.disconnect();
  await testApp.close();
});

const stores: [string, () => SessionStore][] = [
  ["database", () => databaseSessionStore(crossProgramDb(testApp.app.database))],
  ["redis", () => redisSessionStore(redis!)],
];

describe.each(stores)("the %s session store", (kind, makeStore) => {
  it.skipIf(kind === "redis" && !process.env.REDIS_URL)("creates, reads, updates and deletes a session", async () => {
    const store = makeStore();
    const programId = tenantOf(testApp.app, "acme").programId;
    const expires = new Date(Date.now() + 60_000);
    const id = await store.create({ programId, data: { employeeId: 7 } }, expires);
    expect(id).toMatch(/^[\w-]{43}$/);
    expect(await store.read(id)).toEqual({ programId, data: { employeeId: 7 } });
    await store.update(id, { programId, data: { employeeId: 8 } }, expires);
    expect((await store.read(id))!.data).toEqual({ employeeId: 8 });
    await store.delete(id);
    expect(await store.read(id)).toBeNull();
  });

  it.skipIf(kind === "redis" && !process.env.REDIS_URL)("forgets a session once it expires", async () => {
    const store = makeStore();
    const programId = tenantOf(testApp.app, "acme").programId;
    const id = await store.create({ programId, data: {} }, new Date(Date.now() + 1000));
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(await store.read(id)).toBeNull();
  });
});

it("purges expired database sessions", async () => {
  const db = crossProgramDb(testApp.app.database);
  const store = databaseSessionStore(db);
  const programId = tenantOf(testApp.app, "acme").programId;
  await store.create({ programId, data: {} }, new Date(Date.now() - 1000));
  await purgeExpiredSessions(db);
  const left = await db.selectFrom("session").select("id").where("expires_at", "<=", new Date()).execute();
  expect(left).toEqual([]);
});

const oneTimeStores: [string, () => OneTimeStore][] = [
  ["database", () => databaseOneTimeStore(crossProgramDb(testApp.app.database))],
  ["redis", () => redisOneTimeStore(redis!)],
];

describe.each(oneTimeStores)("the %s one-time store", (kind, makeStore) => {
  const skip = kind === "redis" && !process.env.REDIS_URL;

  it.skipIf(skip)("hands a value out once, even to concurrent takers, and only in its program", async () => {
    const store = makeStore();
    const acme = tenantOf(testApp.app, "acme").programId;
    const globex = tenantOf(testApp.app, "globex").programId;
    await store.put(acme, "ticket:1", { employeeId: 7 }, 60_000);
    expect(await store.take(globex, "ticket:1")).toBeNull();
    const takes = await Promise.all(Array.from({ length: 8 }, () => store.take(acme, "ticket:1")));
    expect(takes.filter((value) => value !== null)).toEqual([{ employeeId: 7 }]);
  });

  it.skipIf(skip)("claims a key once until it expires", async () => {
    const store = makeStore();
    const acme = tenantOf(testApp.app, "acme").programId;
    const claims = await Promise.all(Array.from({ length: 8 }, () => store.claim(acme, "assertion:a", 500)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await store.claim(acme, "assertion:a", 500)).toBe(true);
    await store.put(acme, "ticket:old", 1, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (kind === "database") {
      await purgeExpiredOneTimeKeys(crossProgramDb(testApp.app.database));
      const left = await crossProgramDb(testApp.app.database).selectFrom("one_time_key").select("key").where("program_id", "=", acme).execute();
      expect(left).toEqual([{ key: "assertion:a" }]);
    }
    expect(await store.take(acme, "ticket:old")).toBeNull();
  });
});
