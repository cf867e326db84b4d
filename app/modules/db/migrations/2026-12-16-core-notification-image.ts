import type { Kysely } from "kysely";

/** A notification may carry a picture (an eCard's design, an award's picture), which its e-mail shows. */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("notification").addColumn("image_url", "text").addColumn("image_alt", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("notification").dropColumn("image_url").dropColumn("image_alt").execute();
}
