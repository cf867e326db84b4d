import type { Kysely } from "kysely";
import { unwatchChangeVersion, watchChangeVersion } from "~/modules/db/change-versions";

/** What of a person the upcoming milestones are computed from: dates, names, picture, preferences and permissions (the actions on them). */
const PERSON = ["birth_month", "birth_day", "hire_date", "active", "preferences", "display_name", "first_name", "last_name", "avatar_asset_id", "permissions"];

/** Watches a person's `columns` for the milestones' version, in place of what it watched. */
async function watchPeople(db: Kysely<any>, columns: string[]) {
  await unwatchChangeVersion(db, "milestones", [{ table: "employee" }]);
  await watchChangeVersion(db, "milestones", [{ table: "employee", columns }]);
}

/**
 * The milestones no longer read people's job titles, which they never showed (decision 126): a new
 * title (an HR import changes many) no longer moves their version, so every process keeps them.
 */
export async function up(db: Kysely<any>) {
  await watchPeople(db, PERSON);
}

export async function down(db: Kysely<any>) {
  await watchPeople(db, [...PERSON, "job_title"]);
}
