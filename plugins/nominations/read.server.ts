import { sql, type ExpressionBuilder } from "kysely";
import { isProgramManager, type Viewer } from "~/modules/auth/viewer";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { versionedCache, type KeptAccess } from "~/modules/db/versioned-cache.server";
import type { Database } from "~/modules/db/schema";
import { mayDecideStep } from "./nominate.server";
import { NOMINATION_PAGE_SIZE } from "./rules";

function listed(db: ProgramDb) {
  return db
    .selectFrom("nomination")
    .innerJoin("employee as nominator", "nominator.id", "nomination.nominator_id")
    .innerJoin("employee as nominee", "nominee.id", "nomination.nominee_id")
    .select([
      "nomination.id",
      "nomination.status",
      "nomination.core_value_label",
      "nomination.award_label",
      "nomination.points",
      "nomination.message",
      "nomination.created_at",
      "nomination.decided_at",
      "nomination.nominee_read_at",
      "nominator.display_name as nominator",
      "nominee.display_name as nominee",
    ]);
}

type ListedRow = Awaited<ReturnType<ReturnType<typeof listed>["execute"]>>[number];

function toListed(row: ListedRow) {
  return {
    id: row.id,
    status: row.status,
    coreValue: row.core_value_label,
    awardLevel: row.award_label,
    points: row.points,
    message: row.message,
    created: row.created_at.toISOString(),
    decided: row.decided_at?.toISOString() ?? null,
    unread: row.nominee_read_at === null,
    nominator: row.nominator,
    nominee: row.nominee,
  };
}

export type ListedNomination = ReturnType<typeof toListed>;

async function page(query: ReturnType<typeof listed>, pageNumber: number) {
  const rows = await query
    .orderBy("nomination.id", "desc")
    .limit(NOMINATION_PAGE_SIZE + 1)
    .offset((pageNumber - 1) * NOMINATION_PAGE_SIZE)
    .execute();
  return { nominations: rows.slice(0, NOMINATION_PAGE_SIZE).map(toListed), page: pageNumber, hasMore: rows.length > NOMINATION_PAGE_SIZE };
}

/** The nominations a person made, newest first, whatever their state. */
export function sentNominations(db: ProgramDb, nominatorId: number, pageNumber: number) {
  return page(listed(db).where("nomination.nominator_id", "=", nominatorId), pageNumber);
}

/** The nominations a person received: approved ones only (a nomination still being decided is not theirs to see). */
export function receivedNominations(db: ProgramDb, nomineeId: number, pageNumber: number) {
  return page(listed(db).where("nomination.nominee_id", "=", nomineeId).where("nomination.status", "=", "APPROVED"), pageNumber);
}

/** A nomination with its steps: who decided each (or why it was passed over), with their comments. */
export async function nominationWithSteps(db: ProgramDb, id: number) {
  const row = await listed(db)
    .select(["nomination.nominator_id", "nomination.nominee_id", "nomination.points_paid", "nominee.parent_employee_id as nominee_manager_id"])
    .where("nomination.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const steps = await db
    .selectFrom("nomination_approval")
    .leftJoin("employee as approver", "approver.id", "nomination_approval.approver_id")
    .leftJoin("employee as decider", "decider.id", "nomination_approval.decided_by")
    .select([
      "nomination_approval.id",
      "nomination_approval.step",
      "nomination_approval.kind",
      "nomination_approval.approver_id",
      "nomination_approval.status",
      "nomination_approval.comment",
      "nomination_approval.decided_at",
      "nomination_approval.decided_by",
      "approver.display_name as approver",
      "decider.display_name as decider",
    ])
    .where("nomination_approval.nomination_id", "=", id)
    .orderBy("nomination_approval.id")
    .execute();
  return {
    nomination: { ...toListed(row), pointsPaid: row.points_paid },
    parties: { nominatorId: row.nominator_id, nomineeId: row.nominee_id, nomineeManagerId: row.nominee_manager_id },
    steps: steps.map((step) => ({
      id: step.id,
      step: step.step,
      kind: step.kind,
      approverId: step.approver_id,
      status: step.status,
      comment: step.comment,
      decided: step.decided_at?.toISOString() ?? null,
      decidedBy: step.decided_by,
      approver: step.approver,
      decider: step.decider,
    })),
  };
}

export type NominationWithSteps = NonNullable<Awaited<ReturnType<typeof nominationWithSteps>>>;

/** Marks a received nomination read by its nominee. */
export async function markReceivedRead(db: ProgramDb, nomineeId: number, id: number) {
  await db.updateTable("nomination").set({ nominee_read_at: new Date() }).where("id", "=", id).where("nominee_id", "=", nomineeId).where("nominee_read_at", "is", null).execute();
}

/** Whether a person may download the certificate of an approved nomination: its nominee, its nominator, the nominee's manager, a program manager. */
export function mayDownloadCertificate(viewer: Viewer, found: NominationWithSteps) {
  if (found.nomination.status !== "APPROVED") return false;
  const { nominatorId, nomineeId, nomineeManagerId } = found.parties;
  return [nominatorId, nomineeId, nomineeManagerId].includes(viewer.employee.id) || isProgramManager(viewer);
}

/** Steps waiting that the viewer may decide: named for them, or left to a pool they belong to; never of a nomination they are party to. */
function waitingFor(viewer: Viewer) {
  const me = viewer.employee.id;
  const parties = [me, ...(viewer.delegation ? [viewer.delegation.original.id] : [])];
  return (eb: ExpressionBuilder<Database, "nomination_approval" | "nomination">) =>
    eb.and([
      eb("nomination_approval.status", "=", "PENDING"),
      eb("nomination.nominator_id", "not in", parties),
      eb("nomination.nominee_id", "not in", parties),
      eb.or([
        eb("nomination_approval.approver_id", "=", me),
        ...(isProgramManager(viewer) ? [eb.and([eb("nomination_approval.approver_id", "is", null), eb("nomination_approval.kind", "in", ["PROGRAM_MANAGER", "FALLBACK"])])] : []),
        ...(viewer.employee.permissions.isNominationApprover ? [eb.and([eb("nomination_approval.approver_id", "is", null), eb("nomination_approval.kind", "=", "NOMINATION_APPROVER")])] : []),
      ]),
    ]);
}

/** How many nominations wait for the viewer's decision (the approvals card). */
export async function waitingNominations(db: ProgramDb, viewer: Viewer) {
  const row = await db
    .selectFrom("nomination_approval")
    .innerJoin("nomination", "nomination.id", "nomination_approval.nomination_id")
    .select(sql<number>`count(*)::int`.as("count"))
    .where(waitingFor(viewer))
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Approvers' lists, kept per process (2,000 pages in all) with the signed-in people's rows. */
const keptApprovals = versionedCache({ limit: 2_000, changeVersion: "viewer" });

/**
 * An approver's list, kept until the viewer's version moves (decision 110): any change to a
 * nomination or a step moves it, as does a change to a name it shows. The key holds all
 * `waitingFor` draws on, so two approvers never share a list.
 */
export function nominationApprovals(access: KeptAccess, pageNumber: number) {
  const { viewer } = access;
  const key = JSON.stringify([viewer.employee.id, viewer.delegation?.original.id ?? null, isProgramManager(viewer), viewer.employee.permissions.isNominationApprover === true, pageNumber]);
  return keptApprovals(access, key, () => readNominationApprovals(access.db, viewer, pageNumber));
}

/** An approver's list: what waits for them, oldest first; then the steps they decided, newest first, a page at a time. */
async function readNominationApprovals(db: ProgramDb, viewer: Viewer, pageNumber: number) {
  const [waiting, decided] = await Promise.all([
    listed(db)
      .innerJoin("nomination_approval", "nomination_approval.nomination_id", "nomination.id")
      .where(waitingFor(viewer))
      .orderBy("nomination.id")
      .limit(200)
      .execute(),
    listed(db)
      .innerJoin("nomination_approval", "nomination_approval.nomination_id", "nomination.id")
      .where("nomination_approval.decided_by", "=", viewer.employee.id)
      .orderBy("nomination_approval.id", "desc")
      .limit(NOMINATION_PAGE_SIZE + 1)
      .offset((pageNumber - 1) * NOMINATION_PAGE_SIZE)
      .execute(),
  ]);
  return { waiting: waiting.map(toListed), decided: decided.slice(0, NOMINATION_PAGE_SIZE).map(toListed), page: pageNumber, hasMore: decided.length > NOMINATION_PAGE_SIZE };
}

/** Whether the viewer may see a nomination as an approver: its waiting step is theirs to decide, or they decided one of its steps. */
export function approverMaySee(viewer: Viewer, found: NominationWithSteps) {
  const waiting = found.steps.find((step) => step.status === "PENDING");
  const decidable = waiting ? mayDecideStep(viewer, { kind: waiting.kind, approver_id: waiting.approverId }, found.parties) : false;
  return { visible: decidable || found.steps.some((step) => step.decidedBy === viewer.employee.id) || isProgramManager(viewer), decidable };
}
