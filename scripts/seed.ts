// `npm run seed`: seeds the demo population into every program that has no employees,
// also on a real database (DATABASE_URL), where `npm start` never seeds by itself.
// `npm run seed -- --scale [subdomain]` gives one program (DEFAULT_TENANT, else acme)
// a real customer's size instead: 10,000 employees, 200,000 ledger entries and, with
// Moments on, 200,000 posts (`--posts N` for another number, as the bench's 20,000).
// `npm run seed -- --programs N` (PostgreSQL only) writes N generated tenant files, copies of
// acme's under the subdomains load-001…, into DATA_DIR/load-tenants and seeds each with
// 1,000 employees, 2,000 ledger entries and 2,000 posts; run the app (or `npm run bench:programs`)
// with TENANTS_DIR set to that directory to serve them. It prints the database's size and its time.
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { startApp } from "~/modules/app.server";
import { crossProgramDb } from "~/modules/db/database.server";
import { LOAD_PROGRAM_SIZE, writeLoadTenants } from "~/modules/demo/load-programs.server";
import { SCALE, seedDemoPrograms, type DemoSize } from "~/modules/demo/seed.server";
import { parseEnv, type Env } from "~/modules/env.server";
import { createLogger } from "~/modules/logger.server";

const { values, positionals } = parseArgs({
  options: { scale: { type: "boolean", default: false }, posts: { type: "string" }, programs: { type: "string" } },
  allowPositionals: true,
});
const started = performance.now();
let env: Env = parseEnv();
const log = createLogger(env.LOG_LEVEL);
const scaled = values.scale ? (positionals[0] ?? env.DEFAULT_TENANT ?? "acme") : null;
const programs = values.programs === undefined ? null : Number(values.programs);

let sizeOf: (subdomain: string) => Partial<DemoSize> = (subdomain) => (subdomain === scaled ? { ...SCALE, ...(values.posts ? { posts: Number(values.posts) } : {}) } : {});
if (programs !== null) {
  if (!Number.isInteger(programs) || programs < 1 || programs > 999) throw new Error("--programs takes a whole number from 1 to 999");
  if (!env.DATABASE_URL) throw new Error("--programs needs DATABASE_URL: many programs at once are measured on PostgreSQL (the embedded database is one process's)");
  const dir = path.resolve(env.DATA_DIR, "load-tenants");
  writeLoadTenants(dir, path.join(env.TENANTS_DIR, "acme.json"), programs);
  env = { ...env, TENANTS_DIR: dir, DEFAULT_TENANT: undefined };
  sizeOf = () => LOAD_PROGRAM_SIZE;
  console.error(`${programs} tenant files in ${dir}; seeding them…`);
}

const app = await startApp(env, log, { seedDemo: false });
try {
  if (scaled && !app.tenants.list().some((tenant) => tenant.config.subdomain === scaled)) throw new Error(`No tenant file for ${scaled} in ${env.TENANTS_DIR}`);
  await seedDemoPrograms(app.database, app.tenants.list(), { registry: app.registry, log, sizeOf: (tenant) => sizeOf(tenant.config.subdomain) });
  // Fresh statistics for what was just written, before anything is measured on it.
  await app.database.analyze();
  if (programs !== null) {
    const { rows } = await sql<{ size: string }>`select pg_size_pretty(pg_database_size(current_database())) as size`.execute(crossProgramDb(app.database));
    console.error(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s; the database is now ${rows[0]!.size}`);
  }
} finally {
  await app.close();
}
