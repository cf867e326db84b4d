import { sql, type Kysely } from "kysely";

/** Lot codes are read back as Crockford's base 32 too (see the core's readable-codes migration). */
export async function up(db: Kysely<any>) {
  await sql`
    update lot l set lot_code = translate(l.lot_code, 'OIL', '011')
    where l.lot_code ~ '[OIL]'
      and not exists (select 1 from lot o where o.program_id = l.program_id and o.lot_code = translate(l.lot_code, 'OIL', '011'))
  `.execute(db);
}
