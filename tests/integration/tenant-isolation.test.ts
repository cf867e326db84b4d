import { crossProgramDb } from "~/modules/db/database.server";
import { Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProgramScope, UnscopedQueryError } from "~/modules/db/program-scope.server";
import { getViewer } from "~/modules/auth/guards.server";
import { findEmployeeBySignInName, loadCurrentEmployee } from "~/modules/employees/service.server";
import { loader as feedLoader } from "~/routes/feed";
import { loader as colorLoader } from "~/routes/css.color[.]css";
import type { Kysely as AnyKysely } from "kysely";
import { startApp } from "~/modules/app.server";
import { parseEnv } from "~/modules/env.server";
import { createLogger } from "~/modules/logger.server";
import { createServerRegistry } from "~/modules/plugins/server-registry.server";
import { coreContributions } from "~/modules/shell/core-contributions";
import { coreServerContributions } from "~/modules/shell/core-contributions.server";
import { probePlugin } from "../fixtures/plugins/probe/plugin";
import { probeServer } from "../fixtures/plugins/probe/plugin.server";
import { freshDatabase } from "../setup/databases";
import { contextFor, createTestApp, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe("tenants never see each other", () => {
  it("refuses an acme session at globex, while it works at acme", async () => {
    const { app } = testApp;
    const { cookie } = await signInAs(app, "acme", "admin");
    const atGlobex = (await settle(() => feedLoader({ request: requestTo("globex", "/feed", { cookie }), context: contextFor(app, "globex"), params: {} }))) as Response;
    expect(atGlobex.status).toBe(302);
    expect(atGlobex.headers.get("Location")).toBe("/login");
    expect(await getViewer({ request: requestTo("globex", "/feed", { cookie }), context: contextFor(app, "globex") })).toBeNull();

    const atAcme = await getViewer({ request: requestTo("acme", "/feed", { cookie }), context: contextFor(app, "acme") });
    expect(atAcme?.employee.loginId).toBe("admin");
  });

  it("does not find an acme employee id from globex", async () => {
    const { app } = testApp;
    const { employeeId } = await signInAs(app, "acme", "employee");
    const globex = app.database.forProgram(tenantOf(app, "globex").programId);
    const acme = app.database.forProgram(tenantOf(app, "acme").programId);
    expect(await loadCurrentEmployee(acme, employeeId)).not.toBeNull();
    expect(await loadCurrentEmployee(globex, employeeId)).toBeNull();
    expect(await globex.selectFrom("employee").select("id").where("id", "=", employeeId).executeTakeFirst()).toBeUndefined();
  });

  it("signs a username in only in its own program", async () => {
    const { app } = testApp;
    const acme = app.database.forProgram(tenantOf(app, "acme").programId);
    const globex = app.database.forProgram(tenantOf(app, "globex").programId);
    const acmeEmployee = await findEmployeeBySignInName(acme, "employee");
    const globexEmployee = await findEmployeeBySignInName(globex, "employee");
    expect(acmeEmployee!.id).not.toBe(globexEmployee!.id);
    expect(await findEmployeeBySignInName(globex, "employee@acme.example.com")).toBeUndefined();
  });

  it("cannot update or delete another program's rows, and stamps inserts with the program", async () => {
    const { app } = testApp;
    const { employeeId } = await signInAs(app, "acme", "employee");
    const globex = app.database.forProgram(tenantOf(app, "globex").programId);
    const updated = await globex.updateTable("employee").set({ job_title: "Hacked" }).where("id", "=", employeeId).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(0n);
    const deleted = await globex.deleteFrom("employee").where("id", "=", employeeId).executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(0n);

    const group = await globex.insertInto("employee_group", { name: "Isolation check", bucket: "TEST" }).returning(["program_id"]).executeTakeFirstOrThrow();
    expect(group.program_id).toBe(tenantOf(app, "globex").programId);
  });

  it("serves each program its own colours", async () => {
    const { app } = testApp;
    const css = async (subdomain: string) =>
      (await colorLoader({ request: requestTo(subdomain, "/css/color.css"), context: contextFor(app, subdomain), params: {} })).text();
    expect(await css("acme")).toContain("--brand-primary:#c2410c");
    expect(await css("globex")).toContain("--brand-primary:#15803d");
  });
});

describe("the program scope covers every table of a query", () => {
  const scopes = () => {
    const { app } = testApp;
    const acme = tenantOf(app, "acme").programId;
    const globex = tenantOf(app, "globex").programId;
    return { acme, globex, db: app.database.forProgram(globex) };
  };

  it("filters a joined table: a join into another program's rows on a shared value returns none of them", async () => {
    const { globex, db } = scopes();
    // Both programs have a demo "employee"; joined on the login name, only globex's own row may come back.
    const inner = await db
      .selectFrom("employee as mine")
      .innerJoin("employee as other", "other.login_id", "mine.login_id")
      .select(["mine.program_id as mine", "other.program_id as other"])
      .where("mine.login_id", "=", "employee")
      .execute();
    expect(inner).toEqual([{ mine: globex, other: globex }]);

    const outer = await db
      .selectFrom("employee_group as g")
      .leftJoin("employee as e", "e.login_id", "g.name")
      .select(["g.program_id", "e.id"])
      .execute();
    expect(outer.length).toBeGreaterThan(0);
    expect(outer.every((row) => row.program_id === globex && row.id === null)).toBe(true);
  });

  it("filters subqueries and common table expressions", async () => {
    const { acme, globex, db } = scopes();
    const everyone = crossProgramDb(testApp.app.database);
    const count = async (programId: number) =>
      Number((await everyone.selectFrom("employee").select((eb) => eb.fn.countAll().as("n")).where("program_id", "=", programId).executeTakeFirstOrThrow()).n);

    const viaSubquery = await db
      .selectFrom("segment")
      .select((eb) => eb.selectFrom("employee").select((e) => e.fn.countAll().as("n")).as("people"))
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(Number(viaSubquery.people)).toBe(await count(globex));
    expect(await count(acme)).toBeGreaterThan(0);

    const acmeIds = (await everyone.selectFrom("employee").select("id").where("program_id", "=", acme).execute()).map((row) => row.id);
    const viaIn = await db.selectFrom("employee").select("id").where("id", "in", (eb) => eb.selectFrom("employee").select("id")).execute();
    expect(viaIn.some((row) => acmeIds.includes(row.id))).toBe(false);

    const viaCte = await db
      .with("people", (cte) => cte.selectFrom("employee").select(["id", "program_id"]))
      .selectFrom("people")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("people.program_id", "=", acme)
      .executeTakeFirstOrThrow();
    expect(Number(viaCte.n)).toBe(0);
  });

  it("limits updates and deletes that join or use other tables", async () => {
    const { acme, db } = scopes();
    const everyone = crossProgramDb(testApp.app.database);
    const acmeEmployee = await everyone.selectFrom("employee").select("id").where("program_id", "=", acme).where("login_id", "=", "employee").executeTakeFirstOrThrow();
    const updated = await db
      .updateTable("employee")
      .set({ job_title: "Hacked" })
      .where("id", "in", (eb) => eb.selectFrom("employee as e").select("e.id").where("e.login_id", "=", "employee"))
      .where("id", "=", acmeEmployee.id)
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(0n);
    const deleted = await db
      .deleteFrom("employee_delegate")
      .using("employee")
      .whereRef("employee.id", "=", "employee_delegate.delegate_id")
      .where("employee.id", "=", acmeEmployee.id)
      .executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(0n);
  });

  it("refuses what it cannot see into, and an insert that names another program", async () => {
    const { acme, globex, db } = scopes();
    await expect(db.selectFrom("employee").select("id").where(sql<boolean>`id in (select id from employee)`).execute()).rejects.toThrow(UnscopedQueryError);
    expect(await db.selectFrom("employee").select("id").where(sql<boolean>`active`).limit(1).execute()).toHaveLength(1);

    const stamped = await db.insertInto("employee_group", { name: "Stamped", bucket: "TEST", program_id: acme } as never).returning("program_id").executeTakeFirstOrThrow();
    expect(stamped.program_id).toBe(globex);
    const scoped = crossProgramDb(testApp.app.database).withPlugin(new ProgramScope(globex, new Set(["employee_group"])));
    await expect(scoped.insertInto("employee_group").values({ name: "Forged", bucket: "TEST", program_id: acme }).execute()).rejects.toThrow(UnscopedQueryError);
    const added = await scoped.insertInto("employee_group").values({ name: "Added", bucket: "TEST" } as never).returning("program_id").executeTakeFirstOrThrow();
    expect(added.program_id).toBe(globex);
  });

  it("refuses raw SQL that names a table however it is spelled: no space after the keyword, a comment, an interpolated name, TABLE", async () => {
    const { db } = scopes();
    for (const raw of [sql<boolean>`id in (select id from"employee")`, sql<boolean>`id in (select id from/**/employee)`, sql<boolean>`id in (select id from ${sql.table("employee")})`, sql<boolean>`id in (table employee_delegate)`]) {
      await expect(db.selectFrom("employee").select("id").where(raw).execute()).rejects.toThrow(UnscopedQueryError);
    }
    // A word in a string or a comment is neither a table nor an escape.
    expect(await db.selectFrom("employee").select("id").where(sql<boolean>`'from the team' <> '' /* join us */`).limit(1).execute()).toHaveLength(1);
  });

  it("never runs a MERGE on a program's handle, which the scope does not rewrite", () => {
    const { db } = scopes();
    const merge = db
      .with("acme_people", (qb) => qb.selectFrom("employee").select("id"))
      .mergeInto("employee")
      .using("employee_group", "employee_group.id", "employee.id")
      .whenMatched()
      .thenUpdateSet({ job_title: "Merged" });
    expect(() => merge.compile()).toThrow(UnscopedQueryError);
  });

  it("keeps references inside one program: a row cannot point at another program's employee", async () => {
    const { acme, globex } = scopes();
    const everyone = crossProgramDb(testApp.app.database);
    const acmeEmployee = await everyone.selectFrom("employee").select("id").where("program_id", "=", acme).limit(1).executeTakeFirstOrThrow();
    const globexGroup = await everyone.selectFrom("employee_group").select("id").where("program_id", "=", globex).limit(1).executeTakeFirstOrThrow();
    await expect(
      everyone.insertInto("employee_group_member").values({ program_id: globex, group_id: globexGroup.id, employee_id: acmeEmployee.id }).execute(),
    ).rejects.toThrow(/foreign key/);
  });
});

/** Every object reachable from `root` through its own properties, Maps and Sets (what code holding it can get at). */
function reachable(root: object) {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if ((typeof value !== "object" && typeof value !== "function") || value === null || seen.has(value)) continue;
    seen.add(value);
    for (const key of Reflect.ownKeys(value)) {
      const descriptor = Object.getOwnPropertyDescriptor(value, key);
      if (descriptor && "value" in descriptor) stack.push(descriptor.value);
    }
    if (value instanceof Map) stack.push(...value.keys(), ...value.values());
    if (value instanceof Set) stack.push(...value.values());
  }
  return [...seen];
}

/** Whatever reads any program's rows: the database handle (crossProgramDb takes it, however it is imported), an unscoped Kysely, a raw SQL runner, a pool or PGlite. */
function crossesPrograms(value: object) {
  const crossProgram = crossProgramDb;
  try {
    crossProgram(value as never);
    return true;
  } catch {
    const named = (value as { constructor?: { name?: string } }).constructor?.name ?? "";
    return value instanceof Kysely || typeof (value as { executeSql?: unknown }).executeSql === "function" || /^(PGlite|Pool|BoundPool|Client)$/.test(named);
  }
}

describe("request code holds its own program's handle and nothing wider", () => {
  it("has no database service on the request context: context.app.database.forProgram(another program) cannot be written or run", () => {
    const context = contextFor(testApp.app, "globex");
    expect("database" in context.app).toBe(false);
    expect(context.db.programId).toBe(tenantOf(testApp.app, "globex").programId);
    // @ts-expect-error The request's services have no database: reaching another program's handle does not compile.
    expect(() => context.app.database.forProgram(tenantOf(testApp.app, "acme").programId)).toThrow(TypeError);
  });

  it("reaches no database handle, unscoped query builder or raw SQL runner from the request context, so crossProgramDb under any name finds nothing to open", () => {
    const context = contextFor(testApp.app, "globex");
    const objects = reachable(context);
    // The walk goes deep (services, their caches, the Redis client when there is one), and finds the program's handle itself.
    expect(objects).toContain(context.db);
    expect(objects.length).toBeGreaterThan(100);
    expect(objects.filter(crossesPrograms).map((value) => value.constructor?.name ?? typeof value)).toEqual([]);
    // The same walk from the whole running app does find them: the test can fail.
    expect(reachable(testApp.app).some(crossesPrograms)).toBe(true);
  });
});

describe("a plugin's tables", () => {
  /** The probe plugin plus a migration of a table without program_id: notes of no program, or of every one unseen. */
  const notes = {
    async up(db: AnyKysely<any>) {
      await db.schema.createTable("probe_note").addColumn("id", "serial", (c) => c.primaryKey()).addColumn("text", "text", (c) => c.notNull()).execute();
    },
  };
  const withNotes = (globalTables?: string[]) =>
    createServerRegistry(coreContributions, [probePlugin], {
      core: coreServerContributions,
      plugins: [{ ...probeServer, globalTables, migrations: { ...probeServer.migrations, "2026-11-24-probe-notes": notes } }],
    });
  const start = async (registry: ReturnType<typeof withNotes>) => {
    const database = await freshDatabase();
    const env = parseEnv({ NODE_ENV: "test", TENANTS_DIR: "tests/fixtures/tenants-probe", DATA_DIR: "/tmp/recognize-test-unused" });
    return { database, started: startApp(env, createLogger("silent"), { database: database.target, registry, seedDemo: false, sessionSecrets: ["a-secret-long-enough-to-sign-cookies"], jobs: { workers: 0 } }) };
  };

  it("stops start-up at a plugin table without program_id, naming the plugin, the migration and the table", async () => {
    const { database, started } = await start(withNotes());
    try {
      await expect(started).rejects.toThrow("Plugin probe's migration 2026-11-24-probe-notes creates probe_note without a program_id column");
    } finally {
      await database.drop();
    }
  });

  it("lets a plugin declare a global table, which a program's handle reads and never writes", async () => {
    const { database, started } = await start(withNotes(["probe_note"]));
    const app = await started;
    try {
      await crossProgramDb(app.database).insertInto("probe_note" as never).values({ text: "for everyone" } as never).execute();
      const db = app.database.forProgram(tenantOf(app, "alpha").programId);
      expect(await db.selectFrom("probe_note" as never).select("text" as never).execute()).toEqual([{ text: "for everyone" }]);
      await expect(db.updateTable("probe_note" as never).set({ text: "mine" } as never).execute()).rejects.toThrow(UnscopedQueryError);
      await expect(db.deleteFrom("probe_note" as never).execute()).rejects.toThrow(UnscopedQueryError);
      await expect(db.updateTable("program").set({ name: "Taken" }).execute()).rejects.toThrow(UnscopedQueryError);
      await expect(db.insertInto("common_asset" as never, {} as never).execute()).rejects.toThrow(UnscopedQueryError);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
