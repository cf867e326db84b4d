import { sql, type Kysely } from "kysely";

/**
 * A person reports a post, or a comment, once: a report hides it for its
 * reporter, and enough reporters hold it for moderation, so each counts once.
 */
export async function up(db: Kysely<any>) {
  await sql`create unique index post_report_once on post_report (program_id, post_id, coalesce(comment_id, 0), employee_id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index post_report_once`.execute(db);
}
