import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { AppServices } from "~/modules/services.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { addDays } from "~/modules/time/calendar-days";
import { TITLE_MAX, type IncentiveColor, type IncentiveIcon } from "./rules";
import { tellAdded } from "./news.server";
import type { IncentiveStatus, SubmissionOption } from "./schema";
import type { RewardInput } from "./step-schemas.server";

const COPY_SUFFIX = " (copy)";
/** Calendar days ("YYYY-MM-DD" parses as UTC midnight) are whole days apart. */
const DAY_MS = 86_400_000;

export interface DetailsInput {
  icon: IncentiveIcon;
  color?: IncentiveColor;
  title: string;
  description: string;
  startDate: string;
  endDate: string;
}

/** Makes a draft from its details step; the form's key makes a form posted twice one draft. Returns its id. */
export async function createDraft(db: ProgramDb, createdBy: number, details: DetailsInput, key: string) {
  const formKey = `${createdBy}:${key}`;
  const made = await db
    .insertInto("incentive", {
      created_by: createdBy,
      icon: details.icon,
      color: details.color ?? null,
      title: details.title,
      description: details.description,
      start_date: details.startDate,
      end_date: details.endDate,
      reward_type: null,
      reward_point_type: null,
      points_amount: null,
      quantity: null,
      participation_limit: null,
      all_eligible_staff: null,
      submission_options: "[]",
      status: "ACTIVE",
      form_key: formKey,
    })
    .onConflict((oc) => oc.columns(["program_id", "form_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (made) return made.id;
  return (await db.selectFrom("incentive").select("id").where("form_key", "=", formKey).executeTakeFirstOrThrow()).id;
}

export async function saveDetails(db: ProgramDb, id: number, details: DetailsInput) {
  await db
    .updateTable("incentive")
    .set({ icon: details.icon, ...(details.color ? { color: details.color } : {}), title: details.title, description: details.description, start_date: details.startDate, end_date: details.endDate })
    .where("id", "=", id)
    .execute();
}

export async function saveReward(db: ProgramDb, id: number, reward: RewardInput) {
  await db
    .updateTable("incentive")
    .set({
      reward_type: reward.rewardType,
      reward_point_type: reward.rewardPointType,
      points_amount: reward.pointsAmount,
      quantity: reward.quantity,
      reward_description: reward.rewardDescription,
      participation_limit: reward.participationLimit,
    })
    .where("id", "=", id)
    .execute();
}

export async function saveGuidelines(db: ProgramDb, id: number, guidelines: { submissionInstructions: string; submissionOptions: SubmissionOption[] }) {
  await db
    .updateTable("incentive")
    .set({ submission_instructions: guidelines.submissionInstructions, submission_options: JSON.stringify(guidelines.submissionOptions) })
    .where("id", "=", id)
    .execute();
}

export async function saveParticipantType(db: ProgramDb, id: number, allEligibleStaff: boolean) {
  await db.updateTable("incentive").set({ all_eligible_staff: allEligibleStaff }).where("id", "=", id).execute();
}

export type PeopleTable = "incentive_participant" | "incentive_approver";

/** Adds people to an incentive's participants or approvers; returns the ids newly added. */
export async function addPeople(db: ProgramDb, table: PeopleTable, incentiveId: number, employeeIds: readonly number[]) {
  const ids = [...new Set(employeeIds)];
  if (ids.length === 0) return [];
  const added = await db
    .insertInto(
      table,
      ids.map((employeeId) => ({ incentive_id: incentiveId, employee_id: employeeId })),
    )
    .onConflict((oc) => oc.columns(["program_id", "incentive_id", "employee_id"]).doNothing())
    .returning("employee_id")
    .execute();
  return added.map((row) => row.employee_id);
}

/**
 * Removes one person; on an incentive already created the last approver, or the last participant
 * of one not for everyone, stays (it would stop being whole): KEPT. NONE when they were not there.
 */
export async function removePerson(db: ProgramDb, table: PeopleTable, incentive: { id: number; published: boolean; allEligibleStaff: boolean | null }, employeeId: number) {
  return db.transaction(async (tx) => {
    // The incentive's row is locked so that two removals cannot each leave the other's last person.
    await tx.selectFrom("incentive").select("id").where("id", "=", incentive.id).forUpdate().executeTakeFirst();
    const keepOne = incentive.published && (table === "incentive_approver" || !incentive.allEligibleStaff);
    if (keepOne) {
      const { n } = await tx.selectFrom(table).select(sql<number>`count(*)::int`.as("n")).where("incentive_id", "=", incentive.id).executeTakeFirstOrThrow();
      if (n <= 1) return "KEPT" as const;
    }
    const removed = await tx.deleteFrom(table).where("incentive_id", "=", incentive.id).where("employee_id", "=", employeeId).executeTakeFirst();
    return removed.numDeletedRows > 0n ? ("REMOVED" as const) : ("NONE" as const);
  });
}

/** Creates a complete draft for real: from now participants see it; its chosen participants and its approvers are told. False when it was created already. */
export async function publishIncentive(app: AppServices, tenant: Tenant, db: ProgramDb, incentive: { id: number; title: string }) {
  const published = await db.updateTable("incentive").set({ published_at: new Date() }).where("id", "=", incentive.id).where("published_at", "is", null).executeTakeFirst();
  if (published.numUpdatedRows === 0n) return false;
  for (const table of ["incentive_participant", "incentive_approver"] as const) {
    const people = await db.selectFrom(table).select("employee_id").where("incentive_id", "=", incentive.id).execute();
    await tellAdded(app, tenant, db, table, incentive, people.map((row) => row.employee_id));
  }
  return true;
}

/** Pauses or resumes a created incentive that is not over; false when it was in that state already or is over. */
export async function setStatus(db: ProgramDb, id: number, status: IncentiveStatus) {
  const changed = await db
    .updateTable("incentive")
    .set({ status })
    .where("id", "=", id)
    .where("status", "!=", status)
    .where("published_at", "is not", null)
    .where("ended_at", "is", null)
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}

/** The spec's end: its last day becomes today (or stays, if earlier) and it is over from now; what its participants are told of, or null when it was over already. */
export async function endIncentive(db: ProgramDb, id: number, today: string) {
  const ended = await db
    .updateTable("incentive")
    .set({ ended_at: new Date(), end_date: sql<string>`least(end_date, ${today}::date)`, start_date: sql<string>`least(start_date, ${today}::date)` })
    .where("id", "=", id)
    .where("ended_at", "is", null)
    .where("published_at", "is not", null)
    .returning(["id", "title", "all_eligible_staff as allEligibleStaff"])
    .executeTakeFirst();
  return ended ?? null;
}

/** Deletes an incentive with its people and submissions (points already paid stay paid: the ledger keeps them). */
export async function deleteIncentive(db: ProgramDb, id: number) {
  const deleted = await db.deleteFrom("incentive").where("id", "=", id).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/**
 * The spec's duplicate: a draft with the title's suffix ' (copy)', every step's answers, its
 * participants and approvers copied, dated from today for as long as the original ran. Returns its id, or null when there is no such incentive.
 */
export async function duplicateIncentive(db: ProgramDb, id: number, createdBy: number, today: string) {
  return db.transaction(async (tx) => {
    const source = await tx.selectFrom("incentive").selectAll().where("id", "=", id).executeTakeFirst();
    if (!source) return null;
    const copy = await tx
      .insertInto("incentive", {
        created_by: createdBy,
        icon: source.icon,
        color: source.color,
        title: `${source.title.slice(0, TITLE_MAX - COPY_SUFFIX.length)}${COPY_SUFFIX}`,
        description: source.description,
        start_date: today,
        end_date: addDays(today, (Date.parse(source.end_date) - Date.parse(source.start_date)) / DAY_MS),
        reward_type: source.reward_type,
        reward_point_type: source.reward_point_type,
        points_amount: source.points_amount,
        quantity: source.quantity,
        reward_description: source.reward_description,
        participation_limit: source.participation_limit,
        submission_instructions: source.submission_instructions,
        submission_options: JSON.stringify(source.submission_options),
        all_eligible_staff: source.all_eligible_staff,
        status: "ACTIVE",
        form_key: `copy:${crypto.randomUUID()}`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const table of ["incentive_participant", "incentive_approver"] as const) {
      const people = await tx.selectFrom(table).select("employee_id").where("incentive_id", "=", id).execute();
      await addPeople(tx, table, copy.id, people.map((row) => row.employee_id));
    }
    return copy.id;
  });
}
