import type { Kysely } from "kysely";
import { addChangeVersion, dropChangeVersion, type Watched } from "~/modules/db/change-versions";

/** What the shop's first pages draw besides the points: the brands the program switched off, each person's service awards and their types. */
const SHOP: Watched[] = [{ table: "storefront_brand_off" }, { table: "service_award" }, { table: "service_award_type" }];

/**
 * A version per program of what the shop's pages read on every visit (decision 106), so each
 * process keeps the switched-off brands and each shopper's open awards until it moves. An award's
 * pictures are assets, never changed once stored; pointing a type at another one updates the type.
 */
export async function up(db: Kysely<any>) {
  await addChangeVersion(db, "storefront", SHOP);
}

export async function down(db: Kysely<any>) {
  await dropChangeVersion(db, "storefront", SHOP);
}
