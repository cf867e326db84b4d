// `npm run migrate`: applies core and plugin migrations to DATABASE_URL (or the embedded database).
import { crossProgramDb, openDatabase } from "~/modules/db/database.server";
import { migrateToLatest } from "~/modules/db/migrator.server";
import { parseEnv } from "~/modules/env.server";
import { serverRegistry as registry } from "~/modules/plugins/installed.server";

const env = parseEnv();
const database = await openDatabase(env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.DATA_DIR });
try {
  const { applied } = await migrateToLatest(crossProgramDb(database), registry.migrations());
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
} finally {
  await database.close();
}
