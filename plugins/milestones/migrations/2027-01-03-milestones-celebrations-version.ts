import type { Kysely } from "kysely";
import { addChangeVersion, dropChangeVersion, type Watched } from "~/modules/db/change-versions";

/** What the feed's celebration banner draws: the people's personal celebrations. */
const DRAWN_FROM: Watched[] = [{ table: "personal_celebration" }];

/**
 * A version per program of the personal celebrations (decision 118), so each process keeps a
 * person's banner until one is made or read; the banner is on every visit to the feed.
 */
export async function up(db: Kysely<any>) {
  await addChangeVersion(db, "milestones_celebrations", DRAWN_FROM);
}

export async function down(db: Kysely<any>) {
  await dropChangeVersion(db, "milestones_celebrations", DRAWN_FROM);
}
