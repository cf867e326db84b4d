import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "~/modules/logger.server";
import { crossProgramDb, type DatabaseHandle } from "~/modules/db/database.server";
import { TenantSettings } from "~/modules/tenants/settings.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { runAdminStatement } from "../setup/databases";
import { eventually } from "../setup/eventually";
import { createTestApp, tenantOf, type TestApp } from "../setup/test-app";

// Another process's settings, as a second TenantSettings on a handle of its own that counts
// the reads it makes: on PostgreSQL it keeps a program's settings until a save's notification
// says they changed, and reads on every request while it cannot hear them.
describe.runIf(Boolean(process.env.DATABASE_URL))("program settings kept by another process on PostgreSQL", () => {
  let testApp: TestApp;
  let acme: Tenant;
  let other: TenantSettings;
  let reads = 0;
  const headline = () => other.effective(acme).then((tenant) => tenant.config.siteConfig.contactUsHeadlineText);
  const save = (text: string) =>
    testApp.app.tenantSettings.save(acme, { siteConfig: { contactUsHeadlineText: text } }, { employeeId: null, source: "settings" });
  /** Effective settings asked for `times` times: how many of those read the database. */
  async function readsOver(times: number) {
    const before = reads;
    for (let i = 0; i < times; i++) await other.effective(acme);
    return reads - before;
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    acme = tenantOf(testApp.app, "acme");
    const database = testApp.app.database;
    const counting: DatabaseHandle = { ...database, forProgram: (programId) => ((reads += 1), database.forProgram(programId)) };
    other = new TenantSettings(counting, testApp.app.registry.tenantSchema, createLogger("silent"));
  });
  afterAll(() => testApp.close());

  it("keeps them without a read per request once it listens, and drops them when a save commits", async () => {
    await headline();
    expect(await eventually(() => readsOver(5), (count) => count === 0, 10)).toBe(0);

    const saved = await save("Questions? Ask the program team.");
    expect(saved.ok).toBe(true);
    expect(await eventually(headline, (text) => text === "Questions? Ask the program team.", 5)).toBe("Questions? Ask the program team.");
    expect(await readsOver(5)).toBe(0);
  });

  it("reads on every request while its listening connection is lost, and listens again", async () => {
    await eventually(() => readsOver(1), (count) => count === 0, 10);
    const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database() and query like 'listen %'`.execute(
      crossProgramDb(testApp.app.database),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { pid } of rows) await runAdminStatement(process.env.DATABASE_URL!, `select pg_terminate_backend(${pid})`);
    await new Promise((resolve) => setTimeout(resolve, 200));

    // Saved while nobody hears it: the next request reads it all the same.
    expect((await save("Questions? Write to us.")).ok).toBe(true);
    expect(await headline()).toBe("Questions? Write to us.");
    // The connection comes back a second later; then requests stop reading again.
    expect(await eventually(() => readsOver(3), (count) => count === 0, 10)).toBe(0);
    expect(await headline()).toBe("Questions? Write to us.");
  });
});
