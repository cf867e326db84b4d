import { sql, type Insertable, type Kysely } from "kysely";
import { AfterWrites, type HeardVersions } from "./heard-versions.server";
import { splitVersionName } from "./person-versions";
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
  /** The versions this process keeps; none inside a transaction, which reads its own. */
  readonly #versions: HeardVersions | null;

  constructor(
    readonly programId: number,
    db: Kysely<Database>,
    versions: HeardVersions | null = null,
  ) {
    this.#db = db;
    this.#versions = versions;
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

  /**
   * The program's version of what `<name>_version` watches (decision 038, `addChangeVersion`), or a
   * person's (`personVersionNames`, decision 127), as a string: kept by the process until it hears
   * that it moved (decision 082).
   */
  changeVersion(name: string, read = () => this.#readVersion(name)): Promise<string> {
    return this.#versions ? this.#versions.read(this.programId, name, read) : read();
  }

  /**
   * The version `name` as this process keeps it, if it does, without reading it. `changeVersion`
   * given a `read` of its own (a statement that reads the version beside what it draws) teaches it.
   */
  keptVersion(name: string): string | undefined {
    return this.#versions?.peek(this.programId, name);
  }

  async #readVersion(name: string) {
    const { table, employeeId } = splitVersionName(name);
    let query = (this.#db as Kysely<any>).selectFrom(table).select("version");
    if (employeeId !== undefined) query = query.where("employee_id", "=", employeeId);
    return versionText((await query.executeTakeFirst())?.version);
  }

  /** Runs `work` in one transaction; the ProgramDb it receives is scoped to the same program. */
  async transaction<R>(work: (tx: ProgramDb) => Promise<R>): Promise<R> {
    // Inside a transaction already: join it (PGlite has one connection; a second would wait forever).
    if (this.#db.isTransaction) return work(this);
    try {
      return await this.#db.transaction().execute((trx) => work(new ProgramDb(this.programId, trx)));
    } finally {
      // Committed or not, what this process kept may be older than the rows now are.
      this.#versions?.moved(this.programId);
    }
  }
}

/** A change version as `changeVersion` gives it, from the column's value (none yet: 0). */
export function versionText(version: unknown) {
  return String(version ?? 0);
}

/**
 * Scopes `db` to one program (the handle keeps one per program; see DatabaseHandle.forProgram);
 * with `versions`, its writes tell them the program's versions may have moved.
 */
export function scopeToProgram(db: Kysely<Database>, programId: number, programTables: ReadonlySet<string>, versions: HeardVersions | null = null) {
  const scoped = db.withPlugin(new ProgramScope(programId, programTables));
  if (!versions) return new ProgramDb(programId, scoped);
  return new ProgramDb(programId, scoped.withPlugin(new AfterWrites(() => versions.moved(programId))), versions);
}

/**
 * The job engine's door through a ProgramDb: a job enqueued here joins the
 * ProgramDb's transaction, so it exists if and only if the change that asked
 * for it is committed. For the job queue only (a contract test keeps it so).
 */
export function jobEngineSqlWithin(db: ProgramDb): SqlRunner {
  return kyselySql(connectionOf.get(db)!);
}
