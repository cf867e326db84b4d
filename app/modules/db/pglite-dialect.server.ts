import { parse, protocol, type PGlite } from "@electric-sql/pglite";
import {
  CompiledQuery,
  ValueNode,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type LimitNode,
  type OffsetNode,
  type QueryResult,
  type TransactionSettings,
} from "kysely";

const { serialize } = protocol;

/** Prepared statements kept per database; the least recently used is closed beyond this. */
const STATEMENT_LIMIT = 500;

interface Statement {
  name: string;
  /** The type of each parameter, as the server inferred it: how a value is written for it. */
  parameterTypes: number[];
}

function concat(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * PGlite's own `query` sends every statement through Parse, Describe, Bind,
 * Describe, Execute and Sync, six calls into the WebAssembly server, and plans
 * it afresh each time: for the small indexed queries a page makes, planning is
 * most of the cost. Here each distinct SQL text is prepared once under a name
 * (Parse and Describe), and then runs as one call (Bind, Describe, Execute,
 * Sync), so the server can keep its plan (decision 036). Values are written
 * as PGlite writes them, by the parameter types the server reported.
 */
class PreparedStatements {
  private readonly statements = new Map<string, Statement>();
  private serial = 0;

  constructor(private readonly pglite: PGlite) {}

  private async prepare(text: string): Promise<Statement> {
    const name = `k${++this.serial}`;
    const messages = await this.pglite.execProtocolStream(
      concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
    this.statements.set(text, statement);
    if (this.statements.size > STATEMENT_LIMIT) await this.closeOldest();
    return statement;
  }

  private async closeOldest() {
    const [text, oldest] = this.statements.entries().next().value!;
    this.statements.delete(text);
    await this.pglite.execProtocolStream(concat([serialize.close({ type: "S", name: oldest.name }), serialize.sync()]), { syncToFs: false });
  }

  private statementFor(text: string) {
    const known = this.statements.get(text);
    if (!known) return this.prepare(text);
    // Map order is the eviction order: a statement used again goes to the back.
    this.statements.delete(text);
    this.statements.set(text, known);
    return known;
  }

  private values(statement: Statement, parameters: readonly unknown[]) {
    return parameters.map((value, index) => {
      if (value === null || value === undefined) return null;
      const write = this.pglite.serializers[statement.parameterTypes[index]!];
      return write ? write(value) : String(value);
    });
  }

  async run(query: CompiledQuery): Promise<QueryResult<unknown>> {
    const statement = await this.statementFor(query.sql);
    let messages;
    try {
      messages = await this.pglite.execProtocolStream(
        concat([
          serialize.bind({ statement: statement.name, values: this.values(statement, query.parameters) }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
    } catch (error) {
      // A table a statement reads was changed (a migration): its kept plan no longer fits. Prepare it again, once.
      if ((error as { code?: string }).code === "0A000" && this.statements.get(query.sql) === statement) {
        this.statements.delete(query.sql);
        await this.pglite.execProtocolStream(concat([serialize.close({ type: "S", name: statement.name }), serialize.sync()]), { syncToFs: false });
        return this.run(query);
      }
      throw error;
    }
    const [result] = parse.parseResults(messages, this.pglite.parsers);
    const rows = result?.rows ?? [];
    // A write that changed no row says so (0), as PostgreSQL's driver does.
    return result?.affectedRows === undefined ? { rows } : { rows, numAffectedRows: BigInt(result.affectedRows) };
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly statements: PreparedStatements) {}

  /**
   * A statement starts on the event loop's next turn, as one sent over a socket
   * would. PGlite answers within the same turn, so without this a request ran
   * from its first statement to its response without letting go of the thread:
   * requests that arrived meanwhile were not even read, timers waited for whole
   * bursts, and under load a few requests waited seconds (decision 040).
   */
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    await new Promise(setImmediate);
    return (await this.statements.run(query)) as QueryResult<R>;
  }

  streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error("Streaming is not supported on the embedded database");
  }
}

/** One connection (PGlite has one), handed to one caller at a time; the others queue. */
class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private busy = false;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(new PreparedStatements(pglite));
  }

  async init() {}

  async acquireConnection() {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy = true;
    return this.connection;
  }

  async releaseConnection() {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : "";
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async destroy() {
    await this.pglite.close();
  }
}

/**
 * Writes a whole-number LIMIT or OFFSET into the text rather than as a
 * parameter. The server keeps one plan for a prepared statement only when that
 * plan does not depend on its values, and an unknown LIMIT always does: "the
 * 6 newest" would be planned afresh on every page.
 */
class LiteralLimitCompiler extends PostgresQueryCompiler {
  private literal(node: LimitNode["limit"] | OffsetNode["offset"]) {
    return ValueNode.is(node) && Number.isSafeInteger(node.value) && (node.value as number) >= 0 ? String(node.value) : null;
  }

  protected override visitLimit(node: LimitNode) {
    const literal = this.literal(node.limit);
    if (literal === null) return super.visitLimit(node);
    this.append(`limit ${literal}`);
  }

  protected override visitOffset(node: OffsetNode) {
    const literal = this.literal(node.offset);
    if (literal === null) return super.visitOffset(node);
    this.append(`offset ${literal}`);
  }
}

/** Kysely on PGlite, with statements prepared once (see PreparedStatements). */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver() {
    return new PGliteDriver(this.pglite);
  }

  createQueryCompiler() {
    return new LiteralLimitCompiler();
  }

  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}
