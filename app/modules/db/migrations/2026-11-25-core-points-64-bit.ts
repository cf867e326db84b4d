import { sql, type Kysely } from "kysely";

/** Balances and amounts in 64 bits: a program's bucket passes 2^31 points after 22 deposits of 100,000,000. */
export async function up(db: Kysely<any>) {
  await sql`alter table points_account alter column balance type bigint`.execute(db);
  await sql`alter table points_transfer alter column amount type bigint`.execute(db);
  await sql`alter table points_entry alter column amount type bigint, alter column balance_after type bigint`.execute(db);
}
