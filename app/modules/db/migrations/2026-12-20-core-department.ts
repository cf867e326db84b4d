import type { Kysely } from "kysely";

/** A person's department, as people admin and the people import set it and the profile shows it. */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("employee").addColumn("department", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("employee").dropColumn("department").execute();
}
