import type { Kysely } from "kysely";
import { rewriteCodesReadably } from "~/modules/codes/readable-codes";

/** Codes are read back as Crockford's base 32: codes issued before are rewritten the same way, so they still redeem. */
export async function up(db: Kysely<any>) {
  await rewriteCodesReadably(db, "redeem_code", "code");
}
