import fs from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect, sql } from "kysely";
import { listenInProcess, listenToChannel, type ChannelHandlers, type ChannelListener } from "./channel-listener.server";
import { lockDataDir } from "./data-dir-lock.server";
import { HeardVersions } from "./heard-versions.server";
import { PGliteDialect } from "./pglite-dialect.server";
import { statementNamer } from "./prepared-statements.server";
import { scopeToProgram, type ProgramDb } from "./program-db.server";
import type { Database } from "./schema";
import { kyselySql, type SqlRunner } from "./sql-runner.server";

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string }
  /** In memory; optionally starting from a data directory dumped earlier (a gzipped tar), as tests do. */
  | { kind: "pglite-memory"; snapshotFile?: string };

export interface DatabaseHandle {
  target: DatabaseTarget["kind"];
  /** No other process can write it (the embedded database): what this process read stays true until it writes. */
  soleWriter: boolean;
  /** The database as one program sees it: what request code uses (through context.db). */
  forProgram(programId: number): ProgramDb;
  /** Learns which tables are program-owned (those with a program_id column); start-up calls it after migrating. */
  loadProgramTables(): Promise<void>;
  /**
   * Hears a channel's notifications (LISTEN): on PostgreSQL on a connection of its own, on the
   * embedded database in process, as the committing statement's answer is read.
   */
  listen(channel: string, handlers: ChannelHandlers): ChannelListener | null;
  ping(): Promise<void>;
  /**
   * Refreshes the query planner's statistics (ANALYZE) of every table never analyzed or whose size changed
   * since they were taken (and of the partitioned tables above them): a new table, or one that grew.
   */
  analyze(): Promise<void>;
  /** What autovacuum does on a server: reclaims dead rows, marks pages all-visible (for index-only scans), and ANALYZE. */
  vacuum(): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL's type id of `date`. */
const DATE_OID = 1082;

const unscoped = new WeakMap<DatabaseHandle, Db>();
const engineSql = new WeakMap<DatabaseHandle, SqlRunner>();

/**
 * The whole database, every program's rows: for start-up, migrations, the
 * session and one-time stores, and jobs that iterate programs. Never for a
 * page's data: request code gets `context.db`, and a contract test keeps
 * the callers of this to a short list.
 */
export function crossProgramDb(database: DatabaseHandle): Db {
  const db = unscoped.get(database);
  if (!db) throw new Error("Not a database handle from openDatabase");
  return db;
}

/**
 * The job engine's door to the database (its own schema, no program rows): it
 * takes turns with every other query, on PGlite's one connection as in
 * PostgreSQL's pool. A text without values may hold several statements.
 */
export function jobEngineSql(database: DatabaseHandle): SqlRunner {
  const runner = engineSql.get(database);
  if (!runner) throw new Error("Not a database handle from openDatabase");
  return runner;
}

/**
 * Opens the database. `onConnectionError` hears of pooled PostgreSQL connections
 * that fail (a server restart, say), idle or in use; without a listener such an
 * error would end the process. The pool replaces the connection by itself.
 */
export async function openDatabase(
  target: DatabaseTarget,
  onConnectionError: (error: Error) => void = () => {},
): Promise<DatabaseHandle> {
  let db: Db;
  let runner: SqlRunner;
  let release = async () => {};
  let listen: DatabaseHandle["listen"];
  const listeners = new Set<ChannelListener>();
  if (target.kind === "postgres") {
    // Loaded only for PostgreSQL: the embedded default starts without it.
    const { default: pg } = await import("pg");
    // PostgreSQL returns bigint counts as strings; every count here fits a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    // A date (a hire date) is a calendar day, not an instant: it stays "YYYY-MM-DD", whatever the server's zone.
    pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    pool.on("error", onConnectionError);
    // A connection lost while checked out (a query or transaction on it) emits "error" on its
    // client, where the pool does not listen then: unheard, that would end the process. The
    // query on it fails with the same error, which the request answers as an outage.
    // Each connection prepares what the process sends again (decision 073).
    const statements = statementNamer();
    pool.on("connect", (client) => {
      client.on("error", onConnectionError);
      statements.prepare(client);
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    listen = (channel, handlers) => listenToChannel(pg.Client, target.url, channel, handlers, onConnectionError);
    // Without values, pg sends the text as a simple query, several statements included.
    runner = kyselySql(db);
  } else {
    let dataDir: string | undefined;
    if (target.kind === "pglite") {
      dataDir = path.resolve(target.dataDir, "pglite");
      await fs.mkdir(dataDir, { recursive: true });
      release = await lockDataDir(dataDir);
    }
    const snapshot = target.kind === "pglite-memory" && target.snapshotFile ? new Blob([await fs.readFile(target.snapshotFile)]) : undefined;
    const parsers = { [DATE_OID]: (value: string) => value };
    // A database in memory keeps every page in memory anyway: PostgreSQL's 128 MB of shared buffers for it made each
    // open 0.15–0.19 s of CPU dearer than 16 MB (decision 124).
    const where = dataDir ? { dataDir } : { startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"], ...(snapshot ? { loadDataDir: snapshot } : {}) };
    const pglite = await PGlite.create({ parsers, ...where }).catch(async (error) => {
      await release();
      throw error;
    });
    db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    const embedded = db;
    listen = (channel, handlers) => listenInProcess(pglite, (work) => embedded.connection().execute(work), channel, handlers);
    const viaKysely = kyselySql(db);
    runner = {
      executeSql(text, values) {
        if (values?.length) return viaKysely.executeSql(text, values);
        // PGlite's query takes one statement: exec takes several, while this holds Kysely's (only) connection.
        return db.connection().execute(async () => (await pglite.exec(text)).at(-1) ?? { rows: [] });
      },
    };
  }
  let programTables: ReadonlySet<string> | null = null;
  const scoped = new Map<number, ProgramDb>();
  const versions = new HeardVersions((channel, handlers) => handle.listen(channel, handlers));
  const handle: DatabaseHandle = {
    target: target.kind,
    soleWriter: target.kind !== "postgres",
    forProgram(programId) {
      if (!programTables) throw new Error("The program-owned tables are not known yet: call loadProgramTables after migrating");
      let programDb = scoped.get(programId);
      if (!programDb) {
        programDb = scopeToProgram(db, programId, programTables, versions);
        scoped.set(programId, programDb);
      }
      return programDb;
    },
    async loadProgramTables() {
      const rows = await db
        .selectFrom("information_schema.columns" as never)
        .select(sql<string>`table_name`.as("table"))
        .where(sql`table_schema`, "=", sql`current_schema()`)
        .where(sql`column_name`, "=", "program_id")
        .execute();
      programTables = new Set(rows.map((row) => row.table));
      scoped.clear();
    },
    listen(channel, handlers) {
      const listener = listen(channel, handlers);
      if (listener) listeners.add(listener);
      return listener;
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
    async analyze() {
      // ANALYZE records a table's size in pages (relpages); a table that grew since has another size, and one
      // never analyzed has no row count (-1). The rest keep their statistics until the hourly vacuum: a restart
      // with nothing new reads no table (decision 121).
      const { rows } = await sql<{ name: string }>`
        with changed as (
          select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'm') and n.nspname <> 'information_schema' and n.nspname !~ '^pg_'
            and (c.reltuples < 0 or c.relpages <> pg_relation_size(c.oid) / current_setting('block_size')::int)
        )
        select oid::regclass::text as name from changed
        union select inhparent::regclass::text from pg_inherits where inhrelid in (select oid from changed)`.execute(db);
      if (rows.length > 0) await sql`analyze ${sql.join(rows.map((row) => sql.raw(row.name)))}`.execute(db);
    },
    async vacuum() {
      await sql`vacuum (analyze)`.execute(db);
    },
    async close() {
      await Promise.all([...listeners].map((listener) => listener.close()));
      await db.destroy();
      await release();
    },
  };
  unscoped.set(handle, db);
  engineSql.set(handle, runner);
  return handle;
}
