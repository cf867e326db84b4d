// Vitest global setup: migrate the databases of the whole run once, then every test file starts from a
// copy instead of migrating from scratch: a PGlite snapshot (dumpDataDir) on the embedded default (and for
// the tests that start embedded databases of their own on any run), a template database on PostgreSQL.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely } from "kysely";
import { PGliteDialect } from "~/modules/db/pglite-dialect.server";
import type { TestProject } from "vitest/node";
import { crossProgramDb, openDatabase } from "~/modules/db/database.server";
import { migrateToLatest } from "~/modules/db/migrator.server";
import type { Database } from "~/modules/db/schema";
import { serverRegistry } from "~/modules/plugins/installed.server";
import { databaseUrl, runAdminStatement, type DatabaseTemplates } from "./databases";

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

async function createPostgresTemplate(baseUrl: string, name: string) {
  await runAdminStatement(baseUrl, `create database ${name}`);
  const database = await openDatabase({ kind: "postgres", url: databaseUrl(baseUrl, name) });
  try {
    await migrateToLatest(crossProgramDb(database), serverRegistry.migrations());
  } finally {
    await database.close();
  }
}

/**
 * A migrated PGlite data directory as plain tar files (each test file's PGlite started from a gzipped one spent 0.3–0.4 s
 * more unpacking it): the whole cluster, as `npm start` makes one (45 MB), for data directories of their own; and the same
 * without the template databases, which a database in memory never copies (30 MB): each test file's start unpacks and
 * opens a third fewer files, 0.35–0.45 s less CPU (decision 104).
 */
async function writeEmbeddedTemplates(files: { cluster: string; inMemory: string }) {
  const pglite = await PGlite.create();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  await migrateToLatest(db, serverRegistry.migrations());
  // Statistics of the empty tables, as the app's first start leaves them: a test's start then finds nothing to analyze.
  await pglite.exec("analyze");
  const dump = async (file: string) => fs.writeFile(file, Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer()));
  await dump(files.cluster);
  await pglite.exec("update pg_database set datistemplate = false where datname in ('template0', 'template1')");
  for (const template of ["template0", "template1"]) await pglite.exec(`drop database ${template}`);
  await dump(files.inMemory);
  await db.destroy();
}

export default async function setup(project: TestProject) {
  const baseUrl = process.env.DATABASE_URL;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "database-templates-"));
  const embedded = { cluster: path.join(dir, "migrated.tar"), inMemory: path.join(dir, "migrated-in-memory.tar") };
  const postgres = baseUrl ? `tpl_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}` : undefined;
  await Promise.all([writeEmbeddedTemplates(embedded), postgres && createPostgresTemplate(baseUrl!, postgres)]);
  project.provide("databaseTemplates", { embedded, postgres });
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
    if (postgres) await runAdminStatement(baseUrl!, `drop database if exists ${postgres} with (force)`);
  };
}
