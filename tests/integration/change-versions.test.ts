import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crossProgramDb } from "~/modules/db/database.server";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { createServerRegistry } from "~/modules/plugins/server-registry.server";
import { coreContributions } from "~/modules/shell/core-contributions";
import { coreServerContributions } from "~/modules/shell/core-contributions.server";
import { probePlugin } from "../fixtures/plugins/probe/plugin";
import { probeServer } from "../fixtures/plugins/probe/plugin.server";
import { databaseUrl, runAdminStatement } from "../setup/databases";
import { eventually } from "../setup/eventually";
import { itRaces } from "../setup/races";
import { createTestApp, tenantOf, type TestApp } from "../setup/test-app";

// A plugin's change version (the probe's, over its items) as request code takes it: kept by the
// process until it hears the version moved or writes the program's rows itself (decision 082),
// read every time while it cannot hear (a lost listening connection on PostgreSQL).
const registry = createServerRegistry(coreContributions, [probePlugin], { core: coreServerContributions, plugins: [probeServer] });

let testApp: TestApp;
let db: ProgramDb;
let programId: number;
beforeAll(async () => {
  testApp = await createTestApp({ tenantsDir: "tests/fixtures/tenants-probe", registry, population: 3 });
  programId = tenantOf(testApp.app, "alpha").programId;
  db = testApp.app.database.forProgram(programId);
});
afterAll(() => testApp.close());

/** Moves the version's row with its triggers off: nothing notifies, so only a read can see it. */
async function moveUnheard() {
  await crossProgramDb(testApp.app.database)
    .transaction()
    .execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`insert into probe_version (program_id, version) values (${programId}, 100)
        on conflict (program_id) do update set version = probe_version.version + 100`.execute(trx);
    });
}

/** The version as the database holds it. */
async function stored() {
  const { rows } = await sql<{ version: number }>`select version from probe_version where program_id = ${programId}`.execute(crossProgramDb(testApp.app.database));
  return String(rows[0]?.version ?? 0);
}

/** Waits until the process keeps the version: a move nobody hears no longer shows. */
async function untilKept() {
  const kept = await eventually(
    async () => {
      const before = await db.changeVersion("probe");
      await moveUnheard();
      return (await db.changeVersion("probe")) === before;
    },
    (same) => same,
    10,
  );
  expect(kept).toBe(true);
}

describe("a change version", () => {
  it("is kept once the process listens, and read again when a commit it did not see coming moves it", async () => {
    await untilKept();
    const before = await db.changeVersion("probe");
    // A write past the program's handle (another process's, on PostgreSQL): the trigger moves the version and notifies at the commit.
    await sql`insert into probe_item (program_id, label) values (${programId}, 'from elsewhere')`.execute(crossProgramDb(testApp.app.database));
    if (process.env.DATABASE_URL) {
      expect(await eventually(() => db.changeVersion("probe"), (version) => version !== before, 5)).toBe(await stored());
    } else {
      // In process, the notification is heard before the committing statement's caller goes on.
      expect(await db.changeVersion("probe")).toBe(await stored());
    }
  });

  it("is read again after this process writes the program's rows, without waiting to hear it", async () => {
    await untilKept();
    await moveUnheard();
    // A row the version does not watch: nothing moves or notifies; the write alone makes the version unknown.
    await db.updateTable("employee").set({ last_signed_in_at: new Date() }).where("login_id", "=", "employee").execute();
    expect(await db.changeVersion("probe")).toBe(await stored());
  });

  it("is kept across an insert, update or delete that changed no row", async () => {
    await untilKept();
    const kept = await db.changeVersion("probe");
    await moveUnheard();
    await db.updateTable("probe_item" as never).set({ label: "none" } as never).where("label" as never, "=", "no such label" as never).execute();
    await db.deleteFrom("probe_item" as never).where("label" as never, "=", "no such label" as never).execute();
    expect(await db.changeVersion("probe")).toBe(kept);
  });

  it("is read again after a transaction of this process ends", async () => {
    await untilKept();
    await moveUnheard();
    await db.transaction(async (tx) => {
      await tx.selectFrom("probe_item" as never).select("label" as never).execute();
    });
    expect(await db.changeVersion("probe")).toBe(await stored());
  });

  itRaces("moves at a commit in one order with the other versions it changed, by name, whatever order their tables were changed in", async () => {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(crossProgramDb(testApp.app.database));
    const clients = Array.from({ length: 3 }, () => new pg.Client({ connectionString: databaseUrl(process.env.DATABASE_URL!, rows[0]!.name) }));
    const [holder, writer, other] = clients as [pg.Client, pg.Client, pg.Client];
    await Promise.all(clients.map((client) => client.connect()));
    try {
      for (const name of ["probe", "viewer"]) await writer.query(`insert into ${name}_version (program_id, version) values ($1, 1) on conflict do nothing`, [programId]);
      await holder.query("begin");
      await holder.query("select version from probe_version where program_id = $1 for update", [programId]);
      const { rows: backend } = await writer.query<{ pid: number }>("select pg_backend_pid() as pid");
      await writer.query("begin");
      // What the viewer's version watches first, then what the probe's does.
      await writer.query("update employee set display_name = display_name where program_id = $1 and login_id = 'employee'", [programId]);
      await writer.query("insert into probe_item (program_id, label) values ($1, $2)", [programId, `in order ${Date.now()}`]);
      const committed = writer.query("commit");
      const waiting = async () => (await other.query<{ wait: string | null }>("select wait_event_type as wait from pg_stat_activity where pid = $1", [backend[0]!.pid])).rows[0]?.wait;
      expect(await eventually(waiting, (wait) => wait === "Lock", 5)).toBe("Lock");
      // The commit waits on the probe's row; the viewer's, after it by name, is not taken yet (moved in the order changed, it would be).
      const viewerRowFree = await other.query("select version from viewer_version where program_id = $1 for update nowait", [programId]).then(
        () => true,
        () => false,
      );
      await holder.query("commit");
      await committed;
      expect(viewerRowFree).toBe(true);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))("is read every time while PostgreSQL's listening connection is lost, and kept again once it listens", async () => {
    await untilKept();
    const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database() and query = 'listen "change_versions"'`.execute(
      crossProgramDb(testApp.app.database),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { pid } of rows) await runAdminStatement(process.env.DATABASE_URL!, `select pg_terminate_backend(${pid})`);
    await new Promise((resolve) => setTimeout(resolve, 200));

    await moveUnheard();
    expect(await db.changeVersion("probe")).toBe(await stored());
    await untilKept();
  });
});
