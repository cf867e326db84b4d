import type { Kysely } from "kysely";
import { addChangeVersion, dropChangeVersion, type Watched } from "~/modules/db/change-versions";

/**
 * What the eCard pages show: the cards, their recipients (and what they read), their replies, the
 * program's designs and the library's hidden ones, the people named on them, and the processing of
 * a video a sender chose as a card's design.
 */
const DRAWN_FROM: Watched[] = [
  { table: "ecard" },
  { table: "ecard_recipient" },
  { table: "ecard_reply" },
  { table: "ecard_design" },
  { table: "ecard_library_hidden" },
  { table: "employee", columns: ["display_name", "first_name", "last_name", "job_title", "avatar_asset_id"] },
  { table: "asset", columns: ["name", "processing"] },
];

/** A version per program of what the eCard pages read (decision 108), so each process keeps their reads until it moves. */
export async function up(db: Kysely<any>) {
  await addChangeVersion(db, "ecards", DRAWN_FROM);
}

export async function down(db: Kysely<any>) {
  await dropChangeVersion(db, "ecards", DRAWN_FROM);
}
