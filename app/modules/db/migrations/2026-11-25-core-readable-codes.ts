import { sql, type Kysely } from "kysely";

/**
 * Codes are read back as Crockford's base 32 (O is 0, I and L are 1): codes
 * issued before are rewritten the same way, so they still redeem. A code whose
 * rewritten form another code of its program already has keeps its letters.
 */
export async function up(db: Kysely<any>) {
  await sql`
    update redeem_code r set code = translate(r.code, 'OIL', '011')
    where r.code ~ '[OIL]'
      and not exists (select 1 from redeem_code o where o.program_id = r.program_id and o.code = translate(r.code, 'OIL', '011'))
  `.execute(db);
}
