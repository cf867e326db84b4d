import type { Kysely } from "kysely";
import { unwatchChangeVersion, watchChangeVersion, type Watched } from "../change-versions";

/** A person's points balances, as the pages around them show them. */
const BALANCES: Watched[] = [{ table: "points_account", columns: ["balance"] }];

/**
 * A change to a balance moves the viewer's version (decision 106): each process keeps the signed-in
 * person's points summary and their own points history with their row. The same version, not one
 * of its own: a transfer to someone nearly always notifies them, which moves it already; another
 * version would be one more row each transfer locks at its commit, for nothing kept any longer.
 */
export async function up(db: Kysely<any>) {
  await watchChangeVersion(db, "viewer", BALANCES);
}

export async function down(db: Kysely<any>) {
  await unwatchChangeVersion(db, "viewer", BALANCES);
}
