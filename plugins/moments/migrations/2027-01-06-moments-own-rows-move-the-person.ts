import type { Kysely } from "kysely";
import { unwatchPersonVersion, watchPersonVersion, type PersonWatched } from "~/modules/db/person-versions";

/** What a viewer's own part of a screen of posts is drawn from: their reactions, comments, amplifications and reports. */
const OWN_ROWS: PersonWatched[] = [
  { table: "post_reaction", people: ["employee_id"] },
  { table: "post_comment", people: ["employee_id"] },
  { table: "post_amp", people: ["employee_id"] },
  { table: "post_report", people: ["employee_id"] },
];

/**
 * A viewer's own part of the feed is kept under their own version (decision 127): a colleague's
 * reaction, comment or report no longer makes everyone's own part read again, only the counts.
 */
export async function up(db: Kysely<any>) {
  await watchPersonVersion(db, "person", OWN_ROWS);
}

export async function down(db: Kysely<any>) {
  await unwatchPersonVersion(db, "person", OWN_ROWS);
}
