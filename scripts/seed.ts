// `npm run seed`: seeds the demo population into every program that has no employees,
// also on a real database (DATABASE_URL), where `npm start` never seeds by itself.
// `npm run seed -- --scale [subdomain]` gives one program (DEFAULT_TENANT, else acme)
// a real customer's size instead: 10,000 employees, 200,000 ledger entries and, with
// Moments on, 200,000 posts (`--posts N` for another number, as the bench's 20,000).
import { parseArgs } from "node:util";
import { startApp } from "~/modules/app.server";
import { SCALE, seedDemoPrograms } from "~/modules/demo/seed.server";
import { parseEnv } from "~/modules/env.server";
import { createLogger } from "~/modules/logger.server";

const { values, positionals } = parseArgs({ options: { scale: { type: "boolean", default: false }, posts: { type: "string" } }, allowPositionals: true });
const env = parseEnv();
const log = createLogger(env.LOG_LEVEL);
const scaled = values.scale ? (positionals[0] ?? env.DEFAULT_TENANT ?? "acme") : null;

const app = await startApp(env, log, { seedDemo: false });
try {
  if (scaled && !app.tenants.list().some((tenant) => tenant.config.subdomain === scaled)) throw new Error(`No tenant file for ${scaled} in ${env.TENANTS_DIR}`);
  await seedDemoPrograms(app.database, app.tenants.list(), {
    registry: app.registry,
    log,
    sizeOf: (tenant) => (tenant.config.subdomain === scaled ? { ...SCALE, ...(values.posts ? { posts: Number(values.posts) } : {}) } : {}),
  });
  // Fresh statistics for what was just written, before anything is measured on it.
  await app.database.analyze();
} finally {
  await app.close();
}
