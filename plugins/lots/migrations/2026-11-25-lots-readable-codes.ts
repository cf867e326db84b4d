import type { Kysely } from "kysely";
import { rewriteCodesReadably } from "~/modules/codes/readable-codes";

/** Lot codes are read back as Crockford's base 32 too. */
export async function up(db: Kysely<any>) {
  await rewriteCodesReadably(db, "lot", "lot_code");
}
