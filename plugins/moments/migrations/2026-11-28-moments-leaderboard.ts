import { sql, type Kysely } from "kysely";

/**
 * The Moments leaderboard's scores per person and period: the program's
 * calendar month ("2026-11") and year ("2026"), kept up to date in the
 * transaction of every post, reaction, comment and amplify. Ranking a period
 * then walks its index by score, whatever the size of the feed.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("moments_score")
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull().references("employee.id").onDelete("cascade"))
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("score", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("moments_score_pk", ["program_id", "period", "employee_id"])
    .execute();
  await sql`create index moments_score_rank_idx on moments_score (program_id, period, score desc)`.execute(db);
  // The few people the leaderboard leaves out (inactive, or hidden from the feed), found without reading everyone.
  await sql`create index employee_unranked_idx on employee (program_id, id) where (not active or coalesce((preferences ->> 'hideFromMomentsFeed')::boolean, false))`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("employee_unranked_idx").execute();
  await db.schema.dropTable("moments_score").execute();
}
