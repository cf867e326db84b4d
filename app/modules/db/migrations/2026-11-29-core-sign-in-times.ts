import type { Kysely } from "kysely";

/** When each employee last signed in: the login reminder goes to those who have not for a while. */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("employee").addColumn("last_signed_in_at", "timestamptz").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("employee").dropColumn("last_signed_in_at").execute();
}
