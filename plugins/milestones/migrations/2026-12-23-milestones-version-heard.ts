import type { Kysely } from "kysely";
import { hearChangeVersion, unhearChangeVersion } from "~/modules/db/change-versions";

/** The upcoming milestones' version notifies as it moves, so web processes keep it until they hear it did (decision 082). */
export async function up(db: Kysely<any>) {
  await hearChangeVersion(db, "milestones");
}

export async function down(db: Kysely<any>) {
  await unhearChangeVersion(db, "milestones");
}
