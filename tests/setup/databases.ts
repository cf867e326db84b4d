import { randomBytes } from "node:crypto";
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

/** Set by tests/setup/vitest.setup.ts from the run's migrated template (tests/setup/database-template.ts). */
let template: { kind: "pglite-snapshot"; file: string } | { kind: "postgres-template"; name: string } | undefined;
export function useDatabaseTemplate(value: typeof template) {
  template = value;
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
    const snapshotFile = template?.kind === "pglite-snapshot" ? template.file : undefined;
    return { target: { kind: "pglite-memory", snapshotFile }, drop: async () => {} };
  }

  const name = fixedName ?? `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = (statement: string) => runAdminStatement(baseUrl, statement);
  if (fixedName) await admin(`drop database if exists ${name} with (force)`);
  await admin(template?.kind === "postgres-template" ? `create database ${name} template ${template.name}` : `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: "postgres", url: url.toString() },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
