import {
  AliasNode,
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  IdentifierNode,
  JoinNode,
  OperationNodeTransformer,
  OperatorNode,
  ParensNode,
  PrimitiveValueListNode,
  ReferenceNode,
  TableNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  WhereNode,
  type DeleteQueryNode,
  type InsertQueryNode,
  type KyselyPlugin,
  type MergeQueryNode,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RawNode,
  type RootOperationNode,
  type SelectQueryNode,
  type UnknownRow,
  type UpdateQueryNode,
} from "kysely";

/** A query the scope cannot vouch for: a bug in the code that built it, never a user's doing. */
export class UnscopedQueryError extends Error {
  override name = "UnscopedQueryError";
}

const PROGRAM_COLUMN = "program_id";
/**
 * Raw SQL that names a table (`from x`, `join x`, `table x`, `merge into x`)
 * could reach another program's rows unseen. Its keywords are found as words,
 * whatever follows them (`from"employee"`, a comment between `from` and the
 * table, a fragment that ends before an interpolated table), once comments and
 * quoted strings are gone, so neither hides one nor fakes one.
 */
const RAW_TABLE_ACCESS = /\b(from|join|into|update|using|table|merge)\b/i;
const COMMENTS_AND_STRINGS = /\/\*[\s\S]*?(\*\/|$)|--[^\n]*|'(?:[^']|'')*'?/g;

function namesTable(fragment: string) {
  return RAW_TABLE_ACCESS.test(fragment.replace(COMMENTS_AND_STRINGS, " "));
}

type WithWhere = SelectQueryNode | UpdateQueryNode | DeleteQueryNode;

/**
 * Rewrites every query of one program's database handle so that each
 * program-owned table, wherever it appears (FROM, JOIN, UPDATE, DELETE ...
 * USING, subqueries, CTEs), is filtered by the program, and every insert into
 * one carries it. Joins get the filter in their ON clause, so an outer join
 * still keeps its outer rows. What it cannot see into, raw SQL that names a
 * table, it refuses loudly.
 */
class ProgramScopeTransformer extends OperationNodeTransformer {
  constructor(
    private readonly programId: number,
    private readonly programTables: ReadonlySet<string>,
  ) {
    super();
  }

  /** The name a program-owned table is referred to by in this query (its alias, if any), or null. */
  private scopedName(node: OperationNode | undefined): string | null {
    if (!node) return null;
    if (AliasNode.is(node) && TableNode.is(node.node) && IdentifierNode.is(node.alias)) {
      return this.programTables.has(node.node.table.identifier.name) ? node.alias.name : null;
    }
    if (TableNode.is(node)) {
      const name = node.table.identifier.name;
      return this.programTables.has(name) ? name : null;
    }
    return null;
  }

  /**
   * A program writes only its own rows: a table without program_id (the programs themselves, common
   * assets, a plugin's global table) is read-only through a program's handle.
   */
  private checkWritable(node: OperationNode | undefined) {
    const table = node && AliasNode.is(node) ? node.node : node;
    if (table && TableNode.is(table) && !this.programTables.has(table.table.identifier.name)) {
      throw new UnscopedQueryError(`${table.table.identifier.name} holds no program's rows: a program's handle only reads it`);
    }
  }

  private owned(name: string): OperationNode {
    return BinaryOperationNode.create(
      ReferenceNode.create(ColumnNode.create(PROGRAM_COLUMN), TableNode.create(name)),
      OperatorNode.create("="),
      ValueNode.create(this.programId),
    );
  }

  private withFilters<T extends WithWhere>(node: T, tables: readonly (OperationNode | undefined)[]): T {
    const filters = tables.map((table) => this.scopedName(table)).filter((name): name is string => name !== null).map((name) => this.owned(name));
    if (filters.length === 0) return node;
    const condition = filters.reduce((all, filter) => AndNode.create(all, filter));
    const where = node.where ? AndNode.create(ParensNode.create(node.where.where), condition) : condition;
    return { ...node, where: WhereNode.create(where) };
  }

  /** Inner and outer joins carry the filter in ON; a join without ON (cross, lateral) hands it to WHERE. */
  private scopeJoins(joins: readonly JoinNode[] | undefined) {
    const unfiltered: OperationNode[] = [];
    const scoped = joins?.map((join) => {
      const name = this.scopedName(join.table);
      if (!name) return join;
      if (!join.on) {
        unfiltered.push(join.table);
        return join;
      }
      return JoinNode.cloneWithOn(join, this.owned(name));
    });
    return { joins: scoped, unfiltered };
  }

  protected override transformSelectQuery(node: SelectQueryNode, queryId?: QueryId): SelectQueryNode {
    const query = super.transformSelectQuery(node, queryId);
    const { joins, unfiltered } = this.scopeJoins(query.joins);
    return this.withFilters({ ...query, joins }, [...(query.from?.froms ?? []), ...unfiltered]);
  }

  protected override transformUpdateQuery(node: UpdateQueryNode, queryId?: QueryId): UpdateQueryNode {
    this.checkWritable(node.table);
    const query = super.transformUpdateQuery(node, queryId);
    const { joins, unfiltered } = this.scopeJoins(query.joins);
    return this.withFilters({ ...query, joins }, [query.table, ...(query.from?.froms ?? []), ...unfiltered]);
  }

  protected override transformDeleteQuery(node: DeleteQueryNode, queryId?: QueryId): DeleteQueryNode {
    node.from.froms.forEach((table) => this.checkWritable(table));
    const query = super.transformDeleteQuery(node, queryId);
    const { joins, unfiltered } = this.scopeJoins(query.joins);
    return this.withFilters({ ...query, joins }, [...query.from.froms, ...(query.using?.tables ?? []), ...unfiltered]);
  }

  /** An insert into a program-owned table gets the program's id, and may not name another. */
  protected override transformInsertQuery(node: InsertQueryNode, queryId?: QueryId): InsertQueryNode {
    this.checkWritable(node.into);
    const query = super.transformInsertQuery(node, queryId);
    if (!query.into || !this.scopedName(query.into)) return query;
    const table = query.into.table.identifier.name;
    const columns = query.columns ?? [];
    const at = columns.findIndex((column) => column.column.name === PROGRAM_COLUMN);
    if (!query.values || !ValuesNode.is(query.values)) {
      throw new UnscopedQueryError(`An insert into ${table} must list its rows (insert ... select is not scoped)`);
    }
    const rows = query.values.values.map((row) => {
      if (at >= 0) {
        const given = PrimitiveValueListNode.is(row) ? row.values[at] : ValueNode.is(row.values[at]!) ? (row.values[at] as ValueNode).value : undefined;
        if (given !== this.programId) throw new UnscopedQueryError(`An insert into ${table} names program ${String(given)}, not ${this.programId}`);
        return row;
      }
      return PrimitiveValueListNode.is(row)
        ? PrimitiveValueListNode.create([...row.values, this.programId])
        : ValueListNode.create([...row.values, ValueNode.create(this.programId)]);
    });
    if (at >= 0) return { ...query, values: ValuesNode.create(rows) };
    return { ...query, columns: [...columns, ColumnNode.create(PROGRAM_COLUMN)], values: ValuesNode.create(rows) };
  }

  /** MERGE is not rewritten: a program's handle never runs one. */
  protected override transformMergeQuery(node: MergeQueryNode): MergeQueryNode {
    throw new UnscopedQueryError(`MERGE is not scoped to a program (into ${this.scopedName(node.into) ?? "a table"}): use insert ... on conflict`);
  }

  protected override transformRaw(node: RawNode, queryId?: QueryId): RawNode {
    if (node.sqlFragments.some(namesTable)) {
      throw new UnscopedQueryError(`Raw SQL that reads tables is not scoped to a program: ${node.sqlFragments.join("?").slice(0, 120)}`);
    }
    return super.transformRaw(node, queryId);
  }
}

/** The Kysely plugin behind ProgramDb. */
export class ProgramScope implements KyselyPlugin {
  private readonly transformer: ProgramScopeTransformer;

  constructor(programId: number, programTables: ReadonlySet<string>) {
    this.transformer = new ProgramScopeTransformer(programId, programTables);
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(node, queryId);
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}
