import type { Kysely } from "kysely";
import { addChangeVersion, dropChangeVersion, type Watched } from "~/modules/db/change-versions";

/** What the lot history draws: the lots, their codes' redemptions, their creators' names. */
const DRAWN_FROM: Watched[] = [{ table: "lot" }, { table: "redeem_code", columns: ["redeemed_at"] }, { table: "employee", columns: ["display_name"] }];

/** A version per program of the lot history (decision 109), so each process keeps it until it moves. */
export async function up(db: Kysely<any>) {
  await addChangeVersion(db, "lots", DRAWN_FROM);
}

export async function down(db: Kysely<any>) {
  await dropChangeVersion(db, "lots", DRAWN_FROM);
}
