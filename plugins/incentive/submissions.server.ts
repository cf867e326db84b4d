import { sql } from "kysely";
import { isProgramManager, type Viewer } from "~/modules/auth/viewer";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { hasPermissionSql } from "~/modules/employees/service.server";
import { MAX_POINTS_AMOUNT } from "~/modules/forms/fields";
import { notify } from "~/modules/notifications/delivery.server";
import { personShownColumns, toPersonShown } from "~/modules/people/lookup.server";
import type { PersonShown } from "~/modules/people/people";
import { formatPoints } from "~/modules/points/accounts";
import { InsufficientPoints, transfer } from "~/modules/points/ledger.server";
import { publishToFeed, publishToWall } from "~/modules/publications/publish.server";
import type { AppServices } from "~/modules/services.server";
import { assetSource } from "~/modules/storage/asset-source";
import type { Tenant } from "~/modules/tenants/tenant";
import { phaseOf } from "./read.server";
import { optionLabel } from "./steps";
import type { IncentivesOptions } from "./options";
import { NO_LIMIT, SUBMISSIONS_PAGE_SIZE, type IncentiveColor, type IncentiveIcon, type SubmissionType } from "./rules";
import type { RewardPointType, RewardType, SubmissionOption, SubmissionStatus } from "./schema";

/** The ledger kind of an incentive's points (declared in the manifest). */
const INCENTIVE_AWARD = "INCENTIVE_AWARD";

export type Answers = Partial<Record<SubmissionType, string>>;

/** What a reward pays for a submission's answers: a set amount, so many points per so many of its number, or none (a reward of another kind). */
function pointsFor(reward: { rewardType: RewardType | null; rewardPointType: RewardPointType | null; pointsAmount: number | null; quantity: number | null }, answers: Answers) {
  if (reward.rewardType !== "POINT_AMOUNT" || !reward.pointsAmount) return 0;
  if (reward.rewardPointType === "SET_POINT") return reward.pointsAmount;
  const units = Math.floor(Number(answers.NUMBER ?? 0) / (reward.quantity ?? 1));
  return Math.min(units * reward.pointsAmount, MAX_POINTS_AMOUNT);
}

/** The submissions of a participant's that count against an incentive's limit: pending and approved ones. */
export async function countedSubmissions(db: ProgramDb, incentiveId: number, employeeId: number) {
  const { n } = await db
    .selectFrom("incentive_submission")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("incentive_id", "=", incentiveId)
    .where("employee_id", "=", employeeId)
    .where("status", "!=", "DENIED")
    .executeTakeFirstOrThrow();
  return n;
}

export type SubmitResult = { status: "DONE"; id: number } | { status: "CLOSED" } | { status: "LIMIT"; limit: number };

/**
 * Records a participant's submission while the incentive takes them (created, not paused, between
 * its days), within its participation limit (pending and approved ones count; a denied one does not);
 * the incentive's row is locked so two submissions at once cannot pass the limit together. The
 * form's key makes a form posted twice one submission. Its approvers see it counted on their
 * approvals card (the spec has no notification of it).
 */
export function submit(db: ProgramDb, input: { incentiveId: number; employeeId: number; answers: Answers; key: string; today: string }): Promise<SubmitResult> {
  const formKey = `${input.employeeId}:${input.key}`;
  return db.transaction(async (tx): Promise<SubmitResult> => {
    const incentive = await tx.selectFrom("incentive").select(["published_at", "ended_at", "start_date", "end_date", "status", "participation_limit"]).where("id", "=", input.incentiveId).forUpdate().executeTakeFirst();
    if (!incentive || phaseOf(incentive, input.today) !== "OPEN") return { status: "CLOSED" };
    const twin = await tx.selectFrom("incentive_submission").select("id").where("form_key", "=", formKey).executeTakeFirst();
    if (twin) return { status: "DONE", id: twin.id };
    const limit = incentive.participation_limit ?? NO_LIMIT;
    if (limit !== NO_LIMIT && (await countedSubmissions(tx, input.incentiveId, input.employeeId)) >= limit) return { status: "LIMIT", limit };
    const made = await tx
      .insertInto("incentive_submission", { incentive_id: input.incentiveId, employee_id: input.employeeId, answers: JSON.stringify(input.answers), status: "PENDING", form_key: formKey })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { status: "DONE", id: made.id };
  });
}

/** The people who act as the viewer: themselves, and whoever they act for (a delegate reviews nothing of the person they act as). */
function selvesOf(viewer: Viewer) {
  return [viewer.employee.id, ...(viewer.delegation ? [viewer.delegation.original.id] : [])];
}

/** Whether the viewer may review a submission: one of its incentive's approvers or a program manager, and never its submitter. */
export function mayReview(viewer: Viewer, submission: { employee: { id: number }; approverIds: readonly number[] }) {
  if (selvesOf(viewer).includes(submission.employee.id)) return false;
  return isProgramManager(viewer) || submission.approverIds.includes(viewer.employee.id);
}

export interface SubmissionView {
  id: number;
  incentiveId: number;
  incentiveTitle: string;
  icon: IncentiveIcon | null;
  color: IncentiveColor | null;
  employee: PersonShown;
  answers: { type: SubmissionType; label: string; value: string; picture: string | null }[];
  status: SubmissionStatus;
  reviewer: string | null;
  reviewComment: string;
  pointsPaid: number | null;
  /** What approving it would pay (or paid). */
  points: number;
  rewardDescription: string;
  createdAt: string;
  approverIds: number[];
}

/** The addresses of the pictures among submissions' answers, by asset id, in one query. */
async function picturesOf(db: ProgramDb, answers: readonly Answers[]) {
  const ids = answers.flatMap((each) => (each.IMAGE ? [each.IMAGE] : []));
  const rows = ids.length === 0 ? [] : await db.selectFrom("asset").select(["id", "name"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, assetSource(row.id, row.name)]));
}

/** The answers in the order of the incentive's options, each under its question; a picture with its address (none once it is gone). */
function shownAnswers(options: SubmissionOption[], answers: Answers, pictures: Map<string, string>) {
  return options
    .filter((option) => answers[option.type] !== undefined)
    .map((option) => ({
      type: option.type,
      label: optionLabel(option),
      value: option.type === "IMAGE" ? "" : (answers[option.type] ?? ""),
      picture: option.type === "IMAGE" ? (pictures.get(answers.IMAGE!) ?? null) : null,
    }));
}

/** One submission whole, with its incentive's reward and approvers; null when the program has none of that id. */
export async function readSubmission(db: ProgramDb, id: number): Promise<SubmissionView | null> {
  const row = await db
    .selectFrom("incentive_submission as s")
    .innerJoin("incentive as i", "i.id", "s.incentive_id")
    .innerJoin("employee", "employee.id", "s.employee_id")
    .leftJoin("employee as r", "r.id", "s.reviewer_id")
    .select([
      ...personShownColumns,
      "s.id as submission_id",
      "s.incentive_id",
      "s.answers",
      "s.status",
      "s.review_comment",
      "s.points_paid",
      "s.created_at",
      "r.display_name as reviewer",
      "i.title",
      "i.icon",
      "i.color",
      "i.submission_options",
      "i.reward_type",
      "i.reward_point_type",
      "i.points_amount",
      "i.quantity",
      "i.reward_description",
    ])
    .where("s.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const [approvers, pictures] = await Promise.all([db.selectFrom("incentive_approver").select("employee_id").where("incentive_id", "=", row.incentive_id).execute(), picturesOf(db, [row.answers])]);
  const reward = { rewardType: row.reward_type, rewardPointType: row.reward_point_type, pointsAmount: row.points_amount, quantity: row.quantity };
  return {
    id: row.submission_id,
    incentiveId: row.incentive_id,
    incentiveTitle: row.title,
    icon: row.icon,
    color: row.color,
    employee: toPersonShown(row),
    answers: shownAnswers(row.submission_options, row.answers, pictures),
    status: row.status,
    reviewer: row.reviewer,
    reviewComment: row.review_comment,
    pointsPaid: row.points_paid,
    points: row.points_paid ?? pointsFor(reward, row.answers),
    rewardDescription: row.reward_type === "OTHER" ? row.reward_description : "",
    createdAt: new Date(row.created_at).toISOString(),
    approverIds: approvers.map((approver) => approver.employee_id),
  };
}

/**
 * An approved submission on the participant's wall, and on the Moments feed when `feedPoints` is
 * given (the program shows approvals there and the participant accepts public recognition), with
 * the points it paid beside their name.
 */
async function publishApproval(app: AppServices, tenant: Tenant, db: ProgramDb, submission: SubmissionView, viewer: Viewer, feedPoints: number | undefined) {
  const data = { incentiveId: submission.incentiveId, incentiveTitle: submission.incentiveTitle, participantName: submission.employee.displayName, reviewerName: viewer.employee.displayName, icon: submission.icon, color: submission.color };
  await publishToWall(app.registry, db, { itemType: "INCENTIVE", foreignId: String(submission.id), employeeIds: [submission.employee.id], data });
  if (feedPoints === undefined) return;
  await publishToFeed(app.registry, tenant.config, db, {
    kind: "incentiveSubmission",
    foreignId: String(submission.id),
    authorId: viewer.employee.id,
    data,
    mentions: [{ employeeId: submission.employee.id, points: feedPoints > 0 ? feedPoints : null }],
  });
}

export type ReviewDecision = { approve: boolean; comment: string };
export type ReviewResult = { status: "DONE"; submitter: string; points: number } | { status: "NOT_FOUND" } | { status: "REVIEWED_ALREADY" } | { status: "BUCKET_SHORT" };

/**
 * Approves or denies a pending submission, once: approving pays its points from the program's
 * bucket to the submitter's points to spend (if they use points) and shows it on their wall and the
 * feed, in the same transaction; the ledger refuses a reviewer paying themselves whatever called it.
 * The submitter is told.
 */
export async function reviewSubmission(app: AppServices, tenant: Tenant, db: ProgramDb, options: Pick<IncentivesOptions, "publishToFeed">, viewer: Viewer, id: number, decision: ReviewDecision): Promise<ReviewResult> {
  const submission = await readSubmission(db, id);
  if (!submission || !mayReview(viewer, submission)) return { status: "NOT_FOUND" };
  if (submission.status !== "PENDING") return { status: "REVIEWED_ALREADY" };
  const submitter = await db
    .selectFrom("employee")
    .select([hasPermissionSql("usesPoints", true).as("uses_points"), sql<boolean>`coalesce((employee.preferences ->> 'publicRecognitionEnabled')::boolean, true)`.as("public_recognition")])
    .where("id", "=", submission.employee.id)
    .executeTakeFirstOrThrow();
  const points = decision.approve && submitter.uses_points ? submission.points : 0;
  try {
    const decided = await db.transaction(async (tx) => {
      const updated = await tx
        .updateTable("incentive_submission")
        .set({ status: decision.approve ? "APPROVED" : "DENIED", reviewer_id: viewer.employee.id, review_comment: decision.comment, reviewed_at: new Date(), points_paid: decision.approve ? points : null })
        .where("id", "=", id)
        .where("status", "=", "PENDING")
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return false;
      if (points > 0) {
        await transfer(tx, {
          idempotencyKey: `incentive-submission:${id}`,
          kind: INCENTIVE_AWARD,
          amount: points,
          reason: `Incentive: ${submission.incentiveTitle}`,
          reference: `incentive-submission:${id}`,
          actorId: viewer.employee.id,
          from: { kind: "PROGRAM_BUCKET" },
          to: { kind: "SHOPPING", employeeId: submission.employee.id },
        });
      }
      if (decision.approve) await publishApproval(app, tenant, tx, submission, viewer, options.publishToFeed && submitter.public_recognition ? points : undefined);
      return true;
    });
    if (!decided) return { status: "REVIEWED_ALREADY" };
  } catch (error) {
    if (error instanceof InsufficientPoints) return { status: "BUCKET_SHORT" };
    throw error;
  }
  const outcome = decision.approve ? `was approved${points > 0 ? `: ${formatPoints(points)} points are yours to spend` : ""}` : "was denied";
  const said = decision.comment ? ` “${decision.comment}”` : "";
  await notify(
    app,
    tenant,
    db,
    [submission.employee.id],
    { type: decision.approve ? "INCENTIVE_SUBMISSION_APPROVED" : "INCENTIVE_SUBMISSION_DENIED", message: `Your submission to “${submission.incentiveTitle}” ${outcome}.${said}`, link: `/incentives/${submission.incentiveId}` },
    `incentive-submission:${id}:reviewed`,
  );
  return { status: "DONE", submitter: submission.employee.displayName, points };
}

/** The submissions a reviewer sees: those of incentives they approve (every one, for a program manager). */
function reviewable(db: ProgramDb, viewer: Viewer) {
  return db
    .selectFrom("incentive_submission as s")
    .innerJoin("incentive as i", "i.id", "s.incentive_id")
    .$if(!isProgramManager(viewer), (query) =>
      query.where((eb) => eb.exists(eb.selectFrom("incentive_approver as a").whereRef("a.incentive_id", "=", "s.incentive_id").where("a.employee_id", "=", viewer.employee.id))),
    );
}

/** Submissions waiting for the viewer's review (the approvals card's count): never their own. */
export async function waitingSubmissions(db: ProgramDb, viewer: Viewer) {
  const { n } = await reviewable(db, viewer)
    .select(sql<number>`count(*)::int`.as("n"))
    .where("s.status", "=", "PENDING")
    .where("s.employee_id", "not in", selvesOf(viewer))
    .executeTakeFirstOrThrow();
  return n;
}

export type SubmissionFilter = SubmissionStatus | "ALL";

export interface SubmissionListItem {
  id: number;
  incentiveTitle: string;
  employee: PersonShown;
  status: SubmissionStatus;
  createdAt: string;
  /** The viewer may review it (their own are listed, for another to review). */
  reviewable: boolean;
}

/** A page of the submissions the viewer reviews, waiting ones oldest first, reviewed ones newest first; pages count from 1; one more than a page tells whether another follows. */
export async function submissionQueue(db: ProgramDb, viewer: Viewer, filter: SubmissionFilter, page: number) {
  const rows = await reviewable(db, viewer)
    .innerJoin("employee", "employee.id", "s.employee_id")
    .select([...personShownColumns, "s.id as submission_id", "s.status", "s.created_at", "i.title"])
    .$if(filter !== "ALL", (query) => query.where("s.status", "=", filter as SubmissionStatus))
    .orderBy("s.id", filter === "PENDING" ? "asc" : "desc")
    .limit(SUBMISSIONS_PAGE_SIZE + 1)
    .offset((page - 1) * SUBMISSIONS_PAGE_SIZE)
    .execute();
  const selves = selvesOf(viewer);
  const items = rows.slice(0, SUBMISSIONS_PAGE_SIZE).map((row): SubmissionListItem => {
    const employee = toPersonShown(row);
    return { id: row.submission_id, incentiveTitle: row.title, employee, status: row.status, createdAt: new Date(row.created_at).toISOString(), reviewable: row.status === "PENDING" && !selves.includes(employee.id) };
  });
  return { items, more: rows.length > SUBMISSIONS_PAGE_SIZE };
}

/** A participant's own submissions to an incentive, newest first. */
export async function ownSubmissions(db: ProgramDb, incentive: { id: number; submissionOptions: SubmissionOption[] }, employeeId: number) {
  const rows = await db
    .selectFrom("incentive_submission as s")
    .leftJoin("employee as r", "r.id", "s.reviewer_id")
    .select(["s.id", "s.answers", "s.status", "s.review_comment", "s.points_paid", "s.created_at", "r.display_name as reviewer"])
    .where("s.incentive_id", "=", incentive.id)
    .where("s.employee_id", "=", employeeId)
    .orderBy("s.id", "desc")
    .execute();
  const pictures = await picturesOf(db, rows.map((row) => row.answers));
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    reviewer: row.reviewer,
    reviewComment: row.review_comment,
    pointsPaid: row.points_paid,
    createdAt: new Date(row.created_at).toISOString(),
    answers: shownAnswers(incentive.submissionOptions, row.answers, pictures),
  }));
}
