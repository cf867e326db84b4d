import type { Kysely } from "kysely";
import { addChangeVersion, dropChangeVersion, type Watched } from "~/modules/db/change-versions";

/** What the welcome card reads of its viewer: whether they closed it, and since when it is shown to them. */
const DRAWN_FROM: Watched[] = [{ table: "employee", columns: ["welcome_post_hidden", "welcome_post_initial_date"] }];

/**
 * A version per program of the people's welcome-post state (decision 118), so each process keeps a
 * person's until they close it (or it is first shown to them); the card is on every visit to the feed.
 */
export async function up(db: Kysely<any>) {
  await addChangeVersion(db, "moments_welcome", DRAWN_FROM);
}

export async function down(db: Kysely<any>) {
  await dropChangeVersion(db, "moments_welcome", DRAWN_FROM);
}
