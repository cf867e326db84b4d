import {
  sql,
  type DeleteQueryBuilder,
  type DeleteResult,
  type Insertable,
  type Kysely,
  type SelectQueryBuilder,
  type UpdateQueryBuilder,
  type UpdateResult,
} from "kysely";
import type { Db } from "./database.server";
import type { Database, ProgramTableName } from "./schema";

type WithoutProgram<T extends ProgramTableName> = Omit<Insertable<Database[T]>, "program_id">;

/**
 * The only door to program-owned tables. Every select, update and delete it
 * builds is filtered by the program, and every insert carries it, so a query
 * can not reach another tenant's rows by forgetting a where clause.
 */
export class ProgramDb {
  constructor(
    readonly programId: number,
    private readonly db: Kysely<Database>,
  ) {}

  private owned(table: string) {
    return sql<boolean>`${sql.ref(`${table}.program_id`)} = ${this.programId}`;
  }

  selectFrom<T extends ProgramTableName>(table: T) {
    return this.db.selectFrom(table as ProgramTableName).where(this.owned(table)) as unknown as SelectQueryBuilder<
      Database,
      T,
      {}
    >;
  }

  updateTable<T extends ProgramTableName>(table: T) {
    return this.db.updateTable(table as ProgramTableName).where(this.owned(table)) as unknown as UpdateQueryBuilder<
      Database,
      T,
      T,
      UpdateResult
    >;
  }

  deleteFrom<T extends ProgramTableName>(table: T) {
    return this.db.deleteFrom(table as ProgramTableName).where(this.owned(table)) as unknown as DeleteQueryBuilder<
      Database,
      T,
      DeleteResult
    >;
  }

  insertInto<T extends ProgramTableName>(table: T, rows: WithoutProgram<T> | WithoutProgram<T>[]) {
    const list = (Array.isArray(rows) ? rows : [rows]).map((row) => ({ ...row, program_id: this.programId }));
    return this.db.insertInto(table).values(list as unknown as Insertable<Database[T]>[]);
  }

  /** Runs `work` in one transaction; the ProgramDb it receives is scoped to the same program. */
  transaction<R>(work: (tx: ProgramDb) => Promise<R>): Promise<R> {
    // Inside a transaction already: join it (PGlite has one connection; a second would wait forever).
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx) => work(new ProgramDb(this.programId, trx)));
  }
}

export function forProgram(db: Db, programId: number) {
  return new ProgramDb(programId, db);
}
