import type { Kysely } from "kysely";
import { unwatchChangeVersion, watchChangeVersion, type Watched } from "../change-versions";

/** What an approver's queue draws beside people's names (which the viewer's version watches already). */
const REQUESTS: Watched[] = [{ table: "points_request" }];

/**
 * A change to a points request moves the viewer's version (decision 110): each process keeps an
 * approver's queue with their row. Creating or deciding a request notifies someone, which moves it
 * already; a version of its own would be one more row each of them locks at its commit.
 */
export async function up(db: Kysely<any>) {
  await watchChangeVersion(db, "viewer", REQUESTS);
}

export async function down(db: Kysely<any>) {
  await unwatchChangeVersion(db, "viewer", REQUESTS);
}
