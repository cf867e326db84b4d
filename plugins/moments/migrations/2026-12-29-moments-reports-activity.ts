import type { Kysely } from "kysely";
import { unwatchChangeVersion, watchChangeVersion, type Watched } from "~/modules/db/change-versions";

/** A viewer's reports: which posts and comments they reported and a moderator has not yet decided. */
const REPORTS: Watched[] = [{ table: "post_report" }];

/**
 * Reports move the activity's version too (decision 105): each viewer's own part of a screen of
 * posts (their reactions, comments, amplifications and open reports) is kept until the feed's or
 * the activity's version moves, and a report, made or decided, changes that part.
 */
export async function up(db: Kysely<any>) {
  await watchChangeVersion(db, "moments_activity", REPORTS);
}

export async function down(db: Kysely<any>) {
  await unwatchChangeVersion(db, "moments_activity", REPORTS);
}
