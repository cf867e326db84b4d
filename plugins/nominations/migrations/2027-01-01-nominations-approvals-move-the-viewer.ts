import type { Kysely } from "kysely";
import { unwatchChangeVersion, watchChangeVersion, type Watched } from "~/modules/db/change-versions";

/** What an approver's list draws beside people's names (which the viewer's version watches already). */
const NOMINATIONS: Watched[] = [{ table: "nomination" }, { table: "nomination_approval" }];

/**
 * A change to a nomination or to one of its steps moves the viewer's version (decision 110): each
 * process keeps an approver's list with their row, as the core keeps a points approver's queue.
 */
export async function up(db: Kysely<any>) {
  await watchChangeVersion(db, "viewer", NOMINATIONS);
}

export async function down(db: Kysely<any>) {
  await unwatchChangeVersion(db, "viewer", NOMINATIONS);
}
