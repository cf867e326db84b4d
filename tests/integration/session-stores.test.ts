import { crossProgramDb } from "~/modules/db/database.server";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseSessionStore, HeardSessions, purgeExpiredSessions, redisSessionStore, SessionMemory, type SessionStore } from "~/modules/auth/session-store.server";
import { databaseOneTimeStore, purgeExpiredOneTimeKeys, redisOneTimeStore, type OneTimeStore } from "~/modules/auth/one-time-store.server";
import { eventually } from "../setup/eventually";
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
  ["remembering database", () => databaseSessionStore(crossProgramDb(testApp.app.database), new SessionMemory())],
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

describe("a database session store that remembers sessions", () => {
  const sessionRows = (id: string) => crossProgramDb(testApp.app.database).selectFrom("session").select("id").where("id", "=", id).execute();

  it("reads a session it wrote without asking the database, and a fresh copy each time", async () => {
    const db = crossProgramDb(testApp.app.database);
    const store = databaseSessionStore(db, new SessionMemory());
    const programId = tenantOf(testApp.app, "acme").programId;
    const id = await store.create({ programId, data: { employeeId: 7 } }, new Date(Date.now() + 60_000));
    // Changed behind the store's back, as only another process could: the store does not ask again.
    await db.updateTable("session").set({ data: JSON.stringify({ employeeId: 9 }) }).where("id", "=", id).execute();
    const first = await store.read(id);
    expect(first!.data).toEqual({ employeeId: 7 });
    first!.data.employeeId = 1;
    expect((await store.read(id))!.data).toEqual({ employeeId: 7 });
  });

  it("keeps no more sessions than it may, and reads the others from the database", async () => {
    const db = crossProgramDb(testApp.app.database);
    const store = databaseSessionStore(db, new SessionMemory(2));
    const programId = tenantOf(testApp.app, "acme").programId;
    const expires = new Date(Date.now() + 60_000);
    const ids = [];
    for (const employeeId of [1, 2, 3]) ids.push(await store.create({ programId, data: { employeeId } }, expires));
    await db.updateTable("session").set({ data: JSON.stringify({ employeeId: 10 }) }).where("id", "=", ids[0]).execute();
    expect((await store.read(ids[0]))!.data).toEqual({ employeeId: 10 });
    expect((await store.read(ids[2]))!.data).toEqual({ employeeId: 3 });
  });

  it("does not keep what a read found when a delete overtook it", async () => {
    const store = databaseSessionStore(crossProgramDb(testApp.app.database), new SessionMemory());
    const programId = tenantOf(testApp.app, "acme").programId;
    const id = await databaseSessionStore(crossProgramDb(testApp.app.database)).create({ programId, data: {} }, new Date(Date.now() + 60_000));
    const [read] = await Promise.all([store.read(id), store.delete(id)]);
    // On PostgreSQL the two run on their own connections, so the delete may even come first.
    expect([{ programId, data: {} }, null]).toContainEqual(read);
    expect(await sessionRows(id)).toEqual([]);
    expect(await store.read(id)).toBeNull();
  });
});

describe.skipIf(!process.env.REDIS_URL)("Redis session stores in two processes, each keeping what it read", () => {
  // Each "process" a store with a subscription of its own, on a key prefix of this test's.
  const processes: Redis[] = [];
  function storeOfAProcess() {
    const connection = new Redis(process.env.REDIS_URL!, { keyPrefix: redis!.options.keyPrefix });
    let subscriber: Redis | undefined;
    const heard = new HeardSessions(() => {
      subscriber = connection.duplicate({ autoResubscribe: false });
      processes.push(subscriber);
      return subscriber;
    });
    processes.push(connection);
    // Opened at the store's first read (or the first ask whether it is live).
    return { store: redisSessionStore(connection, heard), heard, subscriber: () => subscriber };
  }
  const listening = async (heard: HeardSessions) => expect(await eventually(async () => heard.live, Boolean, 5)).toBe(true);
  afterAll(() => processes.forEach((connection) => connection.disconnect()));

  it("keep a session until another process changes or ends it", async () => {
    const [one, other] = [storeOfAProcess(), storeOfAProcess()];
    await Promise.all([listening(one.heard), listening(other.heard)]);
    const programId = tenantOf(testApp.app, "acme").programId;
    const expires = new Date(Date.now() + 60_000);
    const id = await one.store.create({ programId, data: { employeeId: 7 } }, expires);
    expect((await other.store.read(id))!.data).toEqual({ employeeId: 7 });
    // Changed behind both stores' backs, untold: each keeps what it has.
    await redis!.set(`session:${id}`, JSON.stringify({ programId, data: { employeeId: 9 } }), "PX", 60_000);
    expect((await one.store.read(id))!.data).toEqual({ employeeId: 7 });
    expect((await other.store.read(id))!.data).toEqual({ employeeId: 7 });
    await one.store.update(id, { programId, data: { employeeId: 8 } }, expires);
    expect((await one.store.read(id))!.data).toEqual({ employeeId: 8 });
    expect((await eventually(() => other.store.read(id), (session) => session?.data.employeeId === 8, 5))!.data).toEqual({ employeeId: 8 });
    await other.store.delete(id);
    expect(await eventually(() => one.store.read(id), (session) => session === null, 5)).toBeNull();
  });

  it("read Redis itself while not listening, and keep nothing from before listening again", async () => {
    const one = storeOfAProcess();
    expect(one.subscriber()).toBeUndefined();
    await listening(one.heard);
    const programId = tenantOf(testApp.app, "acme").programId;
    const id = await one.store.create({ programId, data: { employeeId: 7 } }, new Date(Date.now() + 60_000));
    one.subscriber()!.disconnect(true);
    await redis!.set(`session:${id}`, JSON.stringify({ programId, data: { employeeId: 9 } }), "PX", 60_000);
    expect((await eventually(() => one.store.read(id), (session) => session?.data.employeeId === 9, 5))!.data).toEqual({ employeeId: 9 });
    await listening(one.heard);
    expect((await one.store.read(id))!.data).toEqual({ employeeId: 9 });
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
