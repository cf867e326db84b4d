import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";

/** The dashboard's metric cards, over the program's open incentives (created, not over): the spec's five. */
export interface IncentiveMetrics {
  openIncentives: number;
  newSubmissions: number;
  /** Approved of those reviewed, in percent (null: none reviewed yet). */
  approvalRate: number | null;
  participants: number;
  /** Participants with at least one submission, in percent (null: nobody takes part). */
  participation: number | null;
}

const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((100 * part) / whole));

export async function incentiveMetrics(db: ProgramDb, today: string): Promise<IncentiveMetrics> {
  const open = db.selectFrom("incentive").select("id").where("published_at", "is not", null).where("ended_at", "is", null).where("end_date", ">=", today);
  const forEveryone = await db.selectFrom("incentive").select("id").where("id", "in", open).where("all_eligible_staff", "=", true).limit(1).executeTakeFirst();
  // Everyone active takes part once one open incentive is for all eligible staff; otherwise those chosen.
  const participants = forEveryone
    ? db.selectFrom("employee").select("employee.id as employee_id").where("active", "=", true)
    : db.selectFrom("incentive_participant").select("incentive_participant.employee_id").where("incentive_id", "in", open);
  const [counts, people, submitted] = await Promise.all([
    db
      .selectFrom("incentive_submission")
      .select([
        sql<number>`(count(*) filter (where status = 'PENDING'))::int`.as("pending"),
        sql<number>`(count(*) filter (where status = 'APPROVED'))::int`.as("approved"),
        sql<number>`(count(*) filter (where status = 'DENIED'))::int`.as("denied"),
      ])
      .where("incentive_id", "in", open)
      .executeTakeFirstOrThrow(),
    db.selectFrom(participants.as("p")).select(sql<number>`count(distinct p.employee_id)::int`.as("n")).executeTakeFirstOrThrow(),
    db
      .selectFrom("incentive_submission")
      .select(sql<number>`count(distinct employee_id)::int`.as("n"))
      .where("incentive_id", "in", open)
      .where("employee_id", "in", participants)
      .executeTakeFirstOrThrow(),
  ]);
  const { n: openIncentives } = await db.selectFrom(open.as("o")).select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
  return {
    openIncentives,
    newSubmissions: counts.pending,
    approvalRate: percent(counts.approved, counts.approved + counts.denied),
    participants: people.n,
    participation: percent(submitted.n, people.n),
  };
}
