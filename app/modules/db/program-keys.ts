import { sql, type Kysely } from "kysely";

type OnDelete = "cascade" | "restrict" | "set null";

/** Makes (program_id, id) a key of `table`, so rows of the same program can reference it. */
export async function addProgramKey(db: Kysely<any>, table: string) {
  await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_program_key`)} unique (program_id, id)`.execute(db);
}

/**
 * A foreign key within one program: (program_id, column) must name a row of
 * `references` with the same program_id, so a row can never point at another
 * program's row. Replaces the single-column key that `.references()` made, if
 * any. "set null" clears only the column, never the program.
 */
export async function referenceWithinProgram(
  db: Kysely<any>,
  { table, column, references, onDelete }: { table: string; column: string; references: string; onDelete: OnDelete },
) {
  await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.id(`${table}_${column}_fkey`)}`.execute(db);
  const action = onDelete === "set null" ? sql`set null (${sql.ref(column)})` : sql.raw(onDelete);
  await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_${column}_program_fkey`)}
    foreign key (program_id, ${sql.ref(column)}) references ${sql.table(references)} (program_id, id) on delete ${action}`.execute(db);
}
