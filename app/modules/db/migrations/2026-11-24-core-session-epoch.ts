import type { Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema.alterTable("employee").addColumn("sessions_valid_after", "timestamptz").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("employee").dropColumn("sessions_valid_after").execute();
}
