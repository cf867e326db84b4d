import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crossProgramDb } from "~/modules/db/database.server";
import { defineJob } from "~/modules/jobs/job";
import { fireDueSchedules, lastOccurrence } from "~/modules/jobs/schedules.server";
import { createServerRegistry } from "~/modules/plugins/server-registry.server";
import { coreContributions } from "~/modules/shell/core-contributions";
import { coreServerContributions } from "~/modules/shell/core-contributions.server";
import { z } from "zod";
import { probePlugin } from "../fixtures/plugins/probe/plugin";
import { morningItem, probeRuns, probeServer, recordItem } from "../fixtures/plugins/probe/plugin.server";
import { createTestApp, tenantOf, type TestApp } from "../setup/test-app";
import { eventually } from "../setup/eventually";

const registry = createServerRegistry(coreContributions, [probePlugin], { core: coreServerContributions, plugins: [probeServer] });

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ tenantsDir: "tests/fixtures/tenants-probe", registry, population: 3, jobs: { pollSeconds: 0.5, maintenanceSeconds: 1 } });
});
afterAll(() => testApp.close());

function programDb(subdomain: string) {
  return testApp.app.database.forProgram(tenantOf(testApp.app, subdomain).programId);
}

async function labels(subdomain: string) {
  return labelsIn(programDb(subdomain));
}

async function labelsIn(db: ReturnType<typeof programDb>) {
  const rows = await db.selectFrom("probe_item" as never).select("label" as never).execute();
  return (rows as { label: string }[]).map((row) => row.label).sort();
}

interface JobRow {
  state: string;
  retry_count: number;
  data: { programId: number; data: { label: string } };
  start_after: Date;
}

async function jobsNamed(name: string) {
  const { rows } = await sql<JobRow>`select state, retry_count, data, start_after from jobs.job where name = ${name} order by created_on`.execute(
    crossProgramDb(testApp.app.database),
  );
  return rows;
}

describe("background jobs", () => {
  it("run in their program, with its scoped database", async () => {
    await testApp.app.jobs.enqueue(programDb("alpha"), recordItem, { label: "scoped" });
    expect(await eventually(() => labels("alpha"), (found) => found.includes("scoped"))).toContain("scoped");
    expect(await labels("beta")).not.toContain("scoped");
  });

  it("exist only if the transaction that enqueued them commits", async () => {
    const db = programDb("alpha");
    await expect(
      db.transaction(async (tx) => {
        await testApp.app.jobs.enqueue(tx, recordItem, { label: "rolled back" });
        throw new Error("the change fails");
      }),
    ).rejects.toThrow("the change fails");
    await db.transaction((tx) => testApp.app.jobs.enqueue(tx, recordItem, { label: "committed" }));
    expect(await eventually(() => labels("alpha"), (found) => found.includes("committed"))).toContain("committed");
    expect(await labels("alpha")).not.toContain("rolled back");
    expect((await jobsNamed(recordItem.name)).filter((job) => job.data.data.label === "rolled back")).toEqual([]);
  });

  it("are enqueued once per key", async () => {
    const db = programDb("alpha");
    const first = await testApp.app.jobs.enqueue(db, recordItem, { label: "keyed" }, { key: "keyed-work" });
    const second = await testApp.app.jobs.enqueue(db, recordItem, { label: "keyed" }, { key: "keyed-work" });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBeNull();
    // The same key in another program is other work.
    expect(await testApp.app.jobs.enqueue(programDb("beta"), recordItem, { label: "keyed" }, { key: "keyed-work" })).toMatch(/^[0-9a-f-]{36}$/);
    expect((await jobsNamed(recordItem.name)).filter((job) => job.data.data.label === "keyed")).toHaveLength(2);
  });

  it("of a plugin the program has off are skipped, not run", async () => {
    await testApp.app.jobs.enqueue(programDb("beta"), recordItem, { label: "beta's" });
    const jobs = await eventually(
      () => jobsNamed(recordItem.name),
      (found) => found.some((job) => job.data.data.label === "beta's" && job.state === "completed"),
    );
    expect(jobs.find((job) => job.data.data.label === "beta's")!.state).toBe("completed");
    expect(await labels("beta")).toEqual([]);
  });

  it("check their data, and must be declared", async () => {
    await expect(testApp.app.jobs.enqueue(programDb("alpha"), recordItem, { label: "" })).rejects.toThrow();
    const undeclared = defineJob({ name: "probe.undeclared", data: z.object({}), run: async () => {} });
    await expect(testApp.app.jobs.enqueue(programDb("alpha"), undeclared, {})).rejects.toThrow(/not declared/);
  });

  it("retry with a growing wait, then stay failed where the program can see them", async () => {
    const db = programDb("alpha");
    await testApp.app.jobs.enqueue(db, recordItem, { label: "flaky", failUntilAttempt: 1 });
    await testApp.app.jobs.enqueue(db, recordItem, { label: "broken", failUntilAttempt: 99 });
    expect(await eventually(() => labels("alpha"), (found) => found.includes("flaky"))).toContain("flaky");
    const failed = await eventually(
      () => testApp.app.jobs.failed(db),
      (found) => found.length > 0,
    );
    expect(failed).toEqual([expect.objectContaining({ name: recordItem.name, attempts: 3, error: "probe failure on attempt 3" })]);
    expect(await labels("alpha")).not.toContain("broken");
    expect(await testApp.app.jobs.failed(programDb("beta"))).toEqual([]);
  });
});

describe("a stop", () => {
  it("waits for a run that outlived its timeout: the engine has let go of it, but it still uses the database", async () => {
    const stopping = await createTestApp({ tenantsDir: "tests/fixtures/tenants-probe", registry, population: 1, jobs: { pollSeconds: 0.5 } });
    try {
      const db = stopping.app.database.forProgram(tenantOf(stopping.app, "alpha").programId);
      await stopping.app.jobs.enqueue(db, recordItem, { label: "outlives its timeout", holdMs: 3_000 });
      await eventually(async () => probeRuns.running, (running) => running === 1);
      await new Promise((resolve) => setTimeout(resolve, 2_300));
      await stopping.app.jobs.stop();
      expect(probeRuns.running).toBe(0);
      expect(await labelsIn(db)).toContain("outlives its timeout");
    } finally {
      await stopping.close();
    }
  });
});

describe("recurring jobs", () => {
  it("read cron in the program's time zone", () => {
    expect(lastOccurrence("0 8 * * *", "America/New_York", new Date("2026-01-10T13:00:00Z"))).toEqual(new Date("2026-01-10T13:00:00Z"));
    expect(lastOccurrence("0 8 * * *", "America/New_York", new Date("2026-07-10T12:30:00Z"))).toEqual(new Date("2026-07-10T12:00:00Z"));
    expect(lastOccurrence("0 8 * * *", "UTC", new Date("2026-01-10T07:59:59Z"))).toEqual(new Date("2026-01-09T08:00:00Z"));
  });

  it("keep each answer only until the next occurrence, whichever way the clock is asked", () => {
    const at = (iso: string) => lastOccurrence("30 6 * * *", "Europe/Berlin", new Date(iso)).toISOString();
    expect(at("2026-03-28T12:00:00Z")).toBe("2026-03-28T05:30:00.000Z");
    expect(at("2026-03-29T04:29:59Z")).toBe("2026-03-28T05:30:00.000Z");
    // Summer time began that night: 06:30 in Berlin is now 04:30 UTC.
    expect(at("2026-03-29T04:30:00Z")).toBe("2026-03-29T04:30:00.000Z");
    expect(at("2026-03-28T05:29:00Z")).toBe("2026-03-27T05:30:00.000Z");
    expect(at("2026-03-29T04:31:00Z")).toBe("2026-03-29T04:30:00.000Z");
  });

  it("fire once per occurrence, in the programs that have their plugin on", async () => {
    const { app } = testApp;
    // The probe's schedule under an id of its own, so the app's real minute tick never touches its state.
    const schedule = { ...morningItem, id: "fake-clock-morning", data: { label: "fake-clock morning" } };
    const tick = (iso: string) => fireDueSchedules(app, [{ owner: "probe", schedule }], new Date(iso));
    const morning = async () => (await jobsNamed(recordItem.name)).filter((job) => job.data.data.label === "fake-clock morning");

    await tick("2027-01-10T12:00:00Z"); // first sight: starts from now
    await tick("2027-01-10T12:59:00Z");
    expect(await morning()).toEqual([]);
    // 08:00 in New York, alpha's zone, seen by two ticks at once (two processes): one job.
    await Promise.all([tick("2027-01-10T13:00:20Z"), tick("2027-01-10T13:00:20Z")]);
    await tick("2027-01-10T13:00:40Z");
    await tick("2027-01-10T13:01:00Z");
    expect(await morning()).toHaveLength(1);
    await tick("2027-01-13T09:00:00Z"); // days missed: the latest occurrence fires, once
    expect(await morning()).toHaveLength(2);
    expect((await morning()).every((job) => job.data.programId === tenantOf(app, "alpha").programId)).toBe(true);
    expect(await eventually(() => labels("alpha"), (found) => found.includes("fake-clock morning"))).toContain("fake-clock morning");
  });

  it("are remembered per database: an app whose programs have the same ids fires its own", async () => {
    const other = await createTestApp({ tenantsDir: "tests/fixtures/tenants-probe", registry, population: 1, jobs: { pollSeconds: 0.5 } });
    try {
      const apps = [testApp.app, other.app];
      expect(tenantOf(other.app, "alpha").programId).toBe(tenantOf(testApp.app, "alpha").programId);
      const schedule = { ...morningItem, id: "two-apps-morning", data: { label: "two apps" } };
      const tickAll = async (iso: string) => {
        for (const app of apps) await fireDueSchedules(app, [{ owner: "probe", schedule }], new Date(iso));
      };
      await tickAll("2027-02-10T12:00:00Z");
      await tickAll("2027-02-10T13:00:20Z");
      const fired = async (app: (typeof apps)[number]) =>
        (await sql<{ label: string }>`select data->'data'->>'label' as label from jobs.job where name = ${recordItem.name}`.execute(crossProgramDb(app.database))).rows.filter(
          (row) => row.label === "two apps",
        );
      expect(await fired(testApp.app)).toHaveLength(1);
      expect(await fired(other.app)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))("on PostgreSQL, web processes with WORKERS=0", () => {
  it("leave the jobs they enqueue to worker processes", async () => {
    const { startApp } = await import("~/modules/app.server");
    const { createLogger, parseEnv } = await import("~/modules/platform.server");
    const { freshDatabase } = await import("../setup/databases");
    const database = await freshDatabase();
    const env = parseEnv({ NODE_ENV: "test", TENANTS_DIR: "tests/fixtures/tenants-probe", DATA_DIR: "/tmp/unused", DATABASE_URL: process.env.DATABASE_URL });
    const start = (workers: number) => startApp(env, createLogger("silent"), { database: database.target, registry, seedDemo: false, jobs: { workers, pollSeconds: 0.5 } });
    const web = await start(0);
    try {
      const db = web.database.forProgram(web.tenants.get("alpha")!.programId);
      await web.jobs.enqueue(db, recordItem, { label: "for a worker" });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const stateOf = async () => (await sql<{ state: string }>`select state from jobs.job where name = ${recordItem.name}`.execute(crossProgramDb(web.database))).rows[0]!.state;
      expect(await stateOf()).toBe("created");
      const worker = await start(1);
      try {
        expect(await eventually(stateOf, (state) => state === "completed")).toBe("completed");
      } finally {
        await worker.close();
      }
    } finally {
      await web.close();
      await database.drop();
    }
  });
});
