import { sql, type Kysely } from "kysely";

/**
 * Rewrites a code column as it is now read back (O is 0, I and L are 1; see
 * normalizeCode), so codes issued before still match what people type. A code
 * whose rewritten form another code of its program already has keeps its letters.
 */
export async function rewriteCodesReadably(db: Kysely<any>, table: string, column: string) {
  const code = sql.ref(`r.${column}`);
  await sql`
    update ${sql.table(table)} as r set ${sql.ref(column)} = translate(${code}, 'OIL', '011')
    where ${code} ~ '[OIL]'
      and not exists (select 1 from ${sql.table(table)} o where o.program_id = r.program_id and ${sql.ref(`o.${column}`)} = translate(${code}, 'OIL', '011'))
  `.execute(db);
}
