import fs from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect, sql } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string }
  | { kind: "pglite-memory" };

export interface DatabaseHandle {
  db: Db;
  target: DatabaseTarget["kind"];
  ping(): Promise<void>;
  close(): Promise<void>;
}

// PostgreSQL returns bigint counts as strings; every count here fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * Opens the database. `onIdleClientError` hears of pooled PostgreSQL connections
 * that fail while idle (a server restart, say); without a listener such an
 * error would end the process. The pool replaces the connection by itself.
 */
export async function openDatabase(
  target: DatabaseTarget,
  onIdleClientError: (error: Error) => void = () => {},
): Promise<DatabaseHandle> {
  let db: Db;
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    pool.on("error", onIdleClientError);
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    let dataDir: string | undefined;
    if (target.kind === "pglite") {
      dataDir = path.resolve(target.dataDir, "pglite");
      await fs.mkdir(dataDir, { recursive: true });
    }
    const pglite = await PGlite.create(dataDir ? { dataDir } : {});
    db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  }
  return {
    db,
    target: target.kind,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}
