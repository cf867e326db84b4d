import { sql, type ExpressionBuilder } from "kysely";
import type { Database } from "~/modules/db/schema";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { personShownColumns, toPersonShown } from "~/modules/people/lookup.server";
import type { PersonShown } from "~/modules/people/people";
import type { IncentiveColor, IncentiveIcon } from "./rules";
import type { IncentiveStatus, RewardPointType, RewardType } from "./schema";
import { stepCompletion, type IncentiveParts, type IncentiveStep } from "./steps";

/**
 * Where an incentive stands on a calendar day: a DRAFT while its steps fill; COMPLETED once its
 * last day passed or it was ended; PAUSED; UPCOMING before its first day; OPEN takes submissions.
 */
export type IncentivePhase = "DRAFT" | "UPCOMING" | "OPEN" | "PAUSED" | "COMPLETED";

export interface IncentiveView extends IncentiveParts {
  id: number;
  icon: IncentiveIcon | null;
  color: IncentiveColor | null;
  rewardType: RewardType | null;
  rewardPointType: RewardPointType | null;
  startDate: string;
  endDate: string;
  published: boolean;
  phase: IncentivePhase;
  /** The people chosen (none when it is for all eligible staff). */
  participantList: PersonShown[];
  approverList: PersonShown[];
  completion: Record<IncentiveStep, number>;
}

export function phaseOf(row: { published_at: Date | null; ended_at: Date | null; end_date: string; start_date: string; status: IncentiveStatus }, today: string): IncentivePhase {
  if (!row.published_at) return "DRAFT";
  if (row.ended_at || row.end_date < today) return "COMPLETED";
  if (row.status === "PAUSED") return "PAUSED";
  return row.start_date > today ? "UPCOMING" : "OPEN";
}

function peopleOf(db: ProgramDb, table: "incentive_participant" | "incentive_approver", incentiveId: number) {
  return db
    .selectFrom(`${table} as p`)
    .innerJoin("employee", "employee.id", "p.employee_id")
    .select(personShownColumns)
    .where("p.incentive_id", "=", incentiveId)
    .orderBy("employee.display_name")
    .orderBy("employee.id")
    .execute();
}

/** An incentive whole (draft or not), or null when the program has none of that id. */
export async function readIncentive(db: ProgramDb, id: number, today: string): Promise<IncentiveView | null> {
  const row = await db.selectFrom("incentive").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [participants, approvers] = await Promise.all([
    peopleOf(db, "incentive_participant", id),
    peopleOf(db, "incentive_approver", id),
  ]);
  const parts: IncentiveParts = {
    icon: row.icon,
    color: row.color,
    title: row.title,
    description: row.description,
    rewardType: row.reward_type,
    rewardPointType: row.reward_point_type,
    pointsAmount: row.points_amount,
    quantity: row.quantity,
    rewardDescription: row.reward_description,
    participationLimit: row.participation_limit,
    submissionInstructions: row.submission_instructions,
    submissionOptions: row.submission_options,
    allEligibleStaff: row.all_eligible_staff,
    participants: participants.length,
    approvers: approvers.length,
  };
  return {
    ...parts,
    id: row.id,
    icon: row.icon,
    color: row.color,
    rewardType: row.reward_type,
    rewardPointType: row.reward_point_type,
    startDate: row.start_date,
    endDate: row.end_date,
    published: row.published_at !== null,
    phase: phaseOf(row, today),
    participantList: participants.map(toPersonShown),
    approverList: approvers.map(toPersonShown),
    completion: stepCompletion(parts, row.published_at !== null),
  };
}

/** Whether a person takes part: chosen, or active in a program whose incentive is for all eligible staff. */
export async function takesPart(db: ProgramDb, incentive: { id: number; allEligibleStaff: boolean | null }, employeeId: number) {
  if (incentive.allEligibleStaff) {
    return (await db.selectFrom("employee").select("id").where("id", "=", employeeId).where("active", "=", true).executeTakeFirst()) !== undefined;
  }
  return (await db.selectFrom("incentive_participant").select("id").where("incentive_id", "=", incentive.id).where("employee_id", "=", employeeId).executeTakeFirst()) !== undefined;
}

/** Whether an incentive (`i`) has the person take part: it is for all eligible staff, or names them. */
function takingPart(eb: ExpressionBuilder<Database & { i: Database["incentive"] }, "i">, employeeId: number) {
  return eb.or([eb("i.all_eligible_staff", "=", true), eb.exists(eb.selectFrom("incentive_participant as p").whereRef("p.incentive_id", "=", "i.id").where("p.employee_id", "=", employeeId))]);
}

/** An incentive as a list shows it. */
export interface IncentiveListItem {
  id: number;
  title: string;
  icon: IncentiveIcon | null;
  color: IncentiveColor | null;
  startDate: string;
  endDate: string;
  phase: IncentivePhase;
  rewardType: RewardType | null;
  rewardPointType: RewardPointType | null;
  pointsAmount: number | null;
  quantity: number | null;
  rewardDescription: string;
  pending: number;
  approved: number;
  submissions: number;
}

/** Which incentives a list asks for: every one of the program (managing), or those a person takes part in. */
export type IncentiveScope = { kind: "all" } | { kind: "participant"; employeeId: number };

/** The spec's list filter: OPEN (not over yet, paused or upcoming included) or COMPLETED; drafts only when managing. */
export type IncentiveFilter = "OPEN" | "COMPLETED" | "ALL";

export async function listIncentives(db: ProgramDb, scope: IncentiveScope, filter: IncentiveFilter, today: string): Promise<IncentiveListItem[]> {
  const mine = scope.kind === "participant" ? scope.employeeId : null;
  // Each incentive's submissions counted by state (the participant's own, for a participant's list).
  const counts = db
    .selectFrom("incentive_submission")
    .select([
      "incentive_id",
      sql<number>`(count(*) filter (where status = 'PENDING'))::int`.as("pending"),
      sql<number>`(count(*) filter (where status = 'APPROVED'))::int`.as("approved"),
      sql<number>`count(*)::int`.as("submissions"),
    ])
    .$if(mine !== null, (query) => query.where("employee_id", "=", mine!))
    .groupBy("incentive_id")
    .as("c");
  const rows = await db
    .selectFrom("incentive as i")
    .leftJoin(counts, "c.incentive_id", "i.id")
    .select(["i.id", "i.title", "i.icon", "i.color", "i.start_date", "i.end_date", "i.status", "i.published_at", "i.ended_at", "i.reward_type", "i.reward_point_type", "i.points_amount", "i.quantity", "i.reward_description", "c.pending", "c.approved", "c.submissions"])
    .$if(mine !== null, (query) => query.where("i.published_at", "is not", null).where((eb) => takingPart(eb, mine!)))
    .$if(filter === "OPEN", (query) => query.where("i.ended_at", "is", null).where("i.end_date", ">=", today))
    .$if(filter === "COMPLETED", (query) => query.where("i.published_at", "is not", null).where((eb) => eb.or([eb("i.ended_at", "is not", null), eb("i.end_date", "<", today)])))
    .orderBy("i.end_date", filter === "COMPLETED" ? "desc" : "asc")
    .orderBy("i.id", "desc")
    .limit(200)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    icon: row.icon,
    color: row.color,
    startDate: row.start_date,
    endDate: row.end_date,
    phase: phaseOf(row, today),
    rewardType: row.reward_type,
    rewardPointType: row.reward_point_type,
    pointsAmount: row.points_amount,
    quantity: row.quantity,
    rewardDescription: row.reward_description,
    pending: Number(row.pending ?? 0),
    approved: Number(row.approved ?? 0),
    submissions: Number(row.submissions ?? 0),
  }));
}

/** Whether the person takes part in any published incentive (the spec's existence probe for My Incentives). */
export async function hasIncentives(db: ProgramDb, employeeId: number) {
  const found = await db
    .selectFrom("incentive as i")
    .select("i.id")
    .where("i.published_at", "is not", null)
    .where((eb) => takingPart(eb, employeeId))
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}
