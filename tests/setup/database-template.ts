// Vitest global setup: migrate one database for the whole run, then every test
// file starts from a copy of it instead of migrating from scratch: a PGlite
// snapshot (dumpDataDir) on the embedded default, a template database on PostgreSQL.
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
import { runAdminStatement } from "./databases";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (a tar file), or a template database's name on PostgreSQL. */
    databaseTemplate: { kind: "pglite-snapshot"; file: string } | { kind: "postgres-template"; name: string };
  }
}

async function migratePostgres(url: string) {
  const database = await openDatabase({ kind: "postgres", url });
  try {
    await migrateToLatest(crossProgramDb(database), serverRegistry.migrations());
  } finally {
    await database.close();
  }
}

export default async function setup(project: TestProject) {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `tpl_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    await runAdminStatement(baseUrl, `create database ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    await migratePostgres(url.toString());
    project.provide("databaseTemplate", { kind: "postgres-template", name });
    return () => runAdminStatement(baseUrl, `drop database if exists ${name} with (force)`);
  }
  const pglite = await PGlite.create();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  await migrateToLatest(db, serverRegistry.migrations());
  // A plain tar (45 MB): each test file's PGlite started from a gzipped one (5 MB) spent 0.3–0.4 s more unpacking it.
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "pglite-template-")), "migrated.tar");
  await fs.writeFile(file, Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer()));
  await db.destroy();
  project.provide("databaseTemplate", { kind: "pglite-snapshot", file });
  return () => fs.rm(path.dirname(file), { recursive: true, force: true });
}
