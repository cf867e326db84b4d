import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { DatabaseTarget } from "~/modules/db/database.server";

/** One statement (create or drop a database) on its own connection to the server of `baseUrl`. */
export async function runAdminStatement(baseUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the server of `baseUrl`. */
export function databaseUrl(baseUrl: string, name: string) {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The run's migrated templates (tests/setup/database-template.ts): PGlite data directories as tar files (the whole
 * cluster, and the same without its template databases for databases in memory), and a template database on
 * PostgreSQL when the run has one.
 */
export interface DatabaseTemplates {
  embedded: { cluster: string; inMemory: string };
  postgres?: string;
}

/** Set by tests/setup/vitest.setup.ts. */
let templates: DatabaseTemplates | undefined;
export function useDatabaseTemplates(value: DatabaseTemplates) {
  templates = value;
}

const unpacked: string[] = [];

/**
 * A data directory (DATA_DIR) whose embedded database is already migrated: the run's template unpacked
 * where the app opens it. For a test about processes, restarts or commands on an embedded database of
 * their own, not about making one: a cluster made and migrated from nothing costs 6–9 s of CPU each.
 * Each is 45 MB: removed when its test file ends (`removeMigratedDataDirs`, tests/setup/vitest.setup.ts).
 */
export function migratedDataDir(prefix: string) {
  if (!templates) throw new Error("No database template: tests/setup/vitest.setup.ts sets it");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  unpacked.push(dataDir);
  fs.mkdirSync(path.join(dataDir, "pglite"));
  execFileSync("tar", ["-xf", templates.embedded.cluster, "-C", path.join(dataDir, "pglite")]);
  return dataDir;
}

export function removeMigratedDataDirs() {
  for (const dataDir of unpacked.splice(0)) fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The database a test file runs on: a fresh PostgreSQL database (dropped at the
 * end) when DATABASE_URL is set, else PGlite in memory; both start as a copy of
 * the run's migrated template when there is one.
 */
export async function freshDatabase(
  fixedName?: string,
): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    return { target: { kind: "pglite-memory", snapshotFile: templates?.embedded.inMemory }, drop: async () => {} };
  }

  const name = fixedName ?? `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = (statement: string) => runAdminStatement(baseUrl, statement);
  if (fixedName) await admin(`drop database if exists ${name} with (force)`);
  await admin(templates?.postgres ? `create database ${name} template ${templates.postgres}` : `create database ${name}`);
  return {
    target: { kind: "postgres", url: databaseUrl(baseUrl, name) },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
