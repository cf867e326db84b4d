import type { Kysely } from "kysely";
import { unwatchChangeVersion, watchChangeVersion } from "~/modules/db/change-versions";

/** An employee's columns the eCard pages show beside a card: a sender's, a recipient's, a reply's author's name and picture. */
const SHOWN = ["display_name", "first_name", "last_name", "avatar_asset_id"];

/**
 * The eCard pages no longer read people's job titles, which they never showed (decision 126, as the
 * feed and the milestones): a new title no longer moves their version, so every process keeps them.
 */
export async function up(db: Kysely<any>) {
  await unwatchChangeVersion(db, "ecards", [{ table: "employee" }]);
  await watchChangeVersion(db, "ecards", [{ table: "employee", columns: SHOWN }]);
}

export async function down(db: Kysely<any>) {
  await unwatchChangeVersion(db, "ecards", [{ table: "employee" }]);
  await watchChangeVersion(db, "ecards", [{ table: "employee", columns: [...SHOWN, "job_title"] }]);
}
