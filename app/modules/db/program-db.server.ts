import { sql, type Insertable, type Kysely } from "kysely";
import { kyselySql, type SqlRunner } from "./sql-runner.server";
import { ProgramScope } from "./program-scope.server";
import type { Database, ProgramTableName } from "./schema";

const connectionOf = new WeakMap<ProgramDb, Kysely<Database>>();

type WithoutProgram<T extends ProgramTableName> = Omit<Insertable<Database[T]>, "program_id">;

/**
 * The database as one program sees it: the only door to program-owned tables
 * from request code. Its queries go through the ProgramScope plugin, which
 * filters every program-owned table wherever it appears (FROM, JOIN,
 * subqueries, CTEs, UPDATE, DELETE ... USING) and stamps every insert, so a
 * forgotten where clause or a join into another program's rows finds nothing.
 */
export class ProgramDb {
  /** Truly private (#): the scoped Kysely could be unscoped (withoutPlugins), so nothing outside reaches it. */
  readonly #db: Kysely<Database>;

  constructor(
    readonly programId: number,
    db: Kysely<Database>,
  ) {
    this.#db = db;
    connectionOf.set(this, db);
  }

  get selectFrom(): Kysely<Database>["selectFrom"] {
    return this.#db.selectFrom.bind(this.#db);
  }

  get updateTable(): Kysely<Database>["updateTable"] {
    return this.#db.updateTable.bind(this.#db);
  }

  get deleteFrom(): Kysely<Database>["deleteFrom"] {
    return this.#db.deleteFrom.bind(this.#db);
  }

  /** Common table expressions; each table inside is scoped like any other. */
  get with(): Kysely<Database>["with"] {
    return this.#db.with.bind(this.#db);
  }

  /** Recursive common table expressions (a manager's downline), scoped the same way. */
  get withRecursive(): Kysely<Database>["withRecursive"] {
    return this.#db.withRecursive.bind(this.#db);
  }

  /** Rows for a program-owned table; the program id is added for you. */
  insertInto<T extends ProgramTableName>(table: T, rows: WithoutProgram<T> | WithoutProgram<T>[]) {
    const list = (Array.isArray(rows) ? rows : [rows]).map((row) => ({ ...row, program_id: this.programId }));
    return this.#db.insertInto(table).values(list as unknown as Insertable<Database[T]>[]);
  }

  /**
   * Notifies `channel` with this program's id (PostgreSQL's NOTIFY): inside a transaction,
   * listeners hear it when (and only if) it commits.
   */
  async notify(channel: string) {
    await sql`select pg_notify(${channel}, ${String(this.programId)})`.execute(this.#db);
  }

  /** Runs `work` in one transaction; the ProgramDb it receives is scoped to the same program. */
  transaction<R>(work: (tx: ProgramDb) => Promise<R>): Promise<R> {
    // Inside a transaction already: join it (PGlite has one connection; a second would wait forever).
    if (this.#db.isTransaction) return work(this);
    return this.#db.transaction().execute((trx) => work(new ProgramDb(this.programId, trx)));
  }
}

/** Scopes `db` to one program (the handle keeps one per program; see DatabaseHandle.forProgram). */
export function scopeToProgram(db: Kysely<Database>, programId: number, programTables: ReadonlySet<string>) {
  return new ProgramDb(programId, db.withPlugin(new ProgramScope(programId, programTables)));
}

/**
 * The job engine's door through a ProgramDb: a job enqueued here joins the
 * ProgramDb's transaction, so it exists if and only if the change that asked
 * for it is committed. For the job queue only (a contract test keeps it so).
 */
export function jobEngineSqlWithin(db: ProgramDb): SqlRunner {
  return kyselySql(connectionOf.get(db)!);
}
