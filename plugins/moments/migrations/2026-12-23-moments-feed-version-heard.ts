import type { Kysely } from "kysely";
import { hearChangeVersion, unhearChangeVersion } from "~/modules/db/change-versions";

/** The feed's version notifies as it moves, so web processes keep it until they hear it did (decision 082). */
export async function up(db: Kysely<any>) {
  await hearChangeVersion(db, "moments_feed");
}

export async function down(db: Kysely<any>) {
  await unhearChangeVersion(db, "moments_feed");
}
