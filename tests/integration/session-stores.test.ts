import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseSessionStore, purgeExpiredSessions, redisSessionStore, type SessionStore } from "~/modules/auth/session-store.server";
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
  ["database", () => databaseSessionStore(testApp.app.database.db)],
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
  const { db } = testApp.app.database;
  const store = databaseSessionStore(db);
  const programId = tenantOf(testApp.app, "acme").programId;
  await store.create({ programId, data: {} }, new Date(Date.now() - 1000));
  await purgeExpiredSessions(db);
  const left = await db.selectFrom("session").select("id").where("expires_at", "<=", new Date()).execute();
  expect(left).toEqual([]);
});
