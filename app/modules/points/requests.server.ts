import { sql, type ExpressionBuilder } from "kysely";
import { isProgramManager, type Viewer } from "~/modules/auth/viewer";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { versionedCache, type KeptAccess } from "~/modules/db/versioned-cache.server";
import type { Database, PointsRequestAction } from "~/modules/db/schema";
import { notify } from "~/modules/notifications/delivery.server";
import type { AppServices } from "~/modules/services.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { formatPoints } from "./accounts";
import { canApprovePointsRequests } from "./access";
import { balanceOf, InsufficientPoints, transfer } from "./ledger.server";

/** Requests a page of a requester's list or an approver's history shows. */
export const REQUEST_PAGE_SIZE = 20;
/** The most waiting requests an approver's list shows at once, oldest first (deciding them brings the next). */
const WAITING_SHOWN = 200;
/** Earlier requests of the requester an approver sees beside one. */
const EARLIER_REQUESTS = 10;
/** How far up a reporting line the approver is looked for (a line that loops ends there). */
const REPORTING_LINE_LIMIT = 25;

const isApprover = sql<boolean>`coalesce((employee.permissions ->> 'isDiscretionaryApprover')::boolean, false)`;

/** Whose decision a person's requests wait for: the nearest active approver up their reporting line; null leaves them to every approver. */
async function approverFor(db: ProgramDb, requesterId: number) {
  const seen = new Set([requesterId]);
  let next = (await db.selectFrom("employee").select("parent_employee_id").where("id", "=", requesterId).executeTakeFirst())?.parent_employee_id ?? null;
  while (next !== null && !seen.has(next) && seen.size <= REPORTING_LINE_LIMIT) {
    seen.add(next);
    const person = await db
      .selectFrom("employee")
      .select(["id", "parent_employee_id", "active", isApprover.as("approver")])
      .where("id", "=", next)
      .executeTakeFirst();
    if (!person) return null;
    if (person.active && person.approver) return person.id;
    next = person.parent_employee_id;
  }
  return null;
}

/** Every active discretionary approver of the program: who a request without an approver of its own waits for. */
export async function activeApprovers(db: ProgramDb) {
  return (await db.selectFrom("employee").select("id").where("active", "=", true).where(isApprover).execute()).map((row) => row.id);
}

/** Who is told of a waiting request: its approver, or every active approver but the requester. */
async function approversToTell(db: ProgramDb, request: { requesterId: number; approverId: number | null }) {
  if (request.approverId !== null) return [request.approverId];
  return (await activeApprovers(db)).filter((id) => id !== request.requesterId);
}

async function record(db: ProgramDb, requestId: number, action: PointsRequestAction, by: { actorId: number | null; delegateId?: number | null; amount?: number | null; comment?: string | null }) {
  await db
    .insertInto("points_request_event", {
      request_id: requestId,
      action,
      actor_id: by.actorId,
      delegate_id: by.delegateId ?? null,
      amount: by.amount ?? null,
      comment: by.comment ?? null,
    })
    .execute();
}

/** A person's words as a notification quotes them: short enough for a text message's line. */
function quoted(text: string) {
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** Who really acted: the signed-in person when a delegate acts for someone. */
function delegateOf(viewer: Viewer) {
  return viewer.delegation?.original.id ?? null;
}

async function displayName(db: ProgramDb, employeeId: number) {
  return (await db.selectFrom("employee").select("display_name").where("id", "=", employeeId).executeTakeFirstOrThrow()).display_name;
}

/**
 * Saves a request for more points to give and tells its approver (PT_APP), in one
 * transaction; the form's key makes a form posted twice one request.
 */
export async function createRequest(app: AppServices, tenant: Tenant, db: ProgramDb, viewer: Viewer, input: { amount: number; reason: string; formKey: string }) {
  const requesterId = viewer.employee.id;
  return db.transaction(async (tx) => {
    const approverId = await approverFor(tx, requesterId);
    const formKey = `${requesterId}:${input.formKey}`;
    const created = await tx
      .insertInto("points_request", { requester_id: requesterId, approver_id: approverId, amount_requested: input.amount, reason: input.reason, form_key: formKey })
      .onConflict((oc) => oc.columns(["program_id", "form_key"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!created) return (await tx.selectFrom("points_request").select("id").where("form_key", "=", formKey).executeTakeFirstOrThrow()).id;
    await record(tx, created.id, "REQUESTED", { actorId: requesterId, delegateId: delegateOf(viewer), amount: input.amount, comment: input.reason });
    const recipients = await approversToTell(tx, { requesterId, approverId });
    const message = `${viewer.employee.displayName} asks for ${formatPoints(input.amount)} points to give: ${quoted(input.reason)}`;
    await notify(app, tenant, tx, recipients, { type: "PT_APP", message, link: `/approvals/points/${created.id}`, foreignId: String(created.id) }, `points-request:${created.id}`);
    return created.id;
  });
}

/** The requests an approver sees: not their own (nor, for a delegate, the delegate's), waiting for them or for anyone; a program manager sees all. */
function visibleTo(viewer: Viewer) {
  const mine = [viewer.employee.id, ...(viewer.delegation ? [viewer.delegation.original.id] : [])];
  return (eb: ExpressionBuilder<Database, "points_request">) =>
    eb.and([
      eb("points_request.requester_id", "not in", mine),
      ...(isProgramManager(viewer) ? [] : [eb.or([eb("points_request.approver_id", "=", viewer.employee.id), eb("points_request.approver_id", "is", null)])]),
    ]);
}

/** Whether the viewer may decide this request (it still has to be pending). */
export function mayDecide(viewer: Viewer, request: { requester_id: number; approver_id: number | null }) {
  if (!canApprovePointsRequests(viewer)) return false;
  if (request.requester_id === viewer.employee.id || request.requester_id === viewer.delegation?.original.id) return false;
  return request.approver_id === null || request.approver_id === viewer.employee.id || isProgramManager(viewer);
}

export type Decision = { action: "APPROVE"; amount: number; comment: string } | { action: "DENY"; comment: string };

export type DecisionResult =
  | { status: "DONE"; requesterName: string; amount: number | null }
  | { status: "NOT_FOUND" }
  | { status: "DECIDED_ALREADY" }
  | { status: "BUCKET_SHORT"; bucket: number };

/**
 * Approves (possibly another amount) or denies a pending request, once: the request is
 * claimed by its status, so of two approvals at once one pays and the other finds it
 * decided; approval moves the points from the program's bucket to the requester's points
 * to give in the same transaction, and fails whole when the bucket is short.
 */
export async function decideRequest(app: AppServices, tenant: Tenant, db: ProgramDb, viewer: Viewer, requestId: number, decision: Decision): Promise<DecisionResult> {
  try {
    return await db.transaction(async (tx): Promise<DecisionResult> => {
      const request = await tx
        .selectFrom("points_request")
        .innerJoin("employee", "employee.id", "points_request.requester_id")
        .select(["points_request.id", "points_request.requester_id", "points_request.approver_id", "employee.display_name as requester"])
        .where("points_request.id", "=", requestId)
        .executeTakeFirst();
      if (!request || !mayDecide(viewer, request)) return { status: "NOT_FOUND" };
      const amount = decision.action === "APPROVE" ? decision.amount : null;
      const comment = decision.comment || null;
      const claimed = await tx
        .updateTable("points_request")
        .set({ status: amount === null ? "DENIED" : "APPROVED", amount_approved: amount, decision_comment: comment, decided_at: new Date() })
        .where("id", "=", requestId)
        .where("status", "=", "PENDING")
        .returning("id")
        .executeTakeFirst();
      if (!claimed) return { status: "DECIDED_ALREADY" };
      const recipient = { kind: "DISCRETIONARY", employeeId: request.requester_id } as const;
      if (amount !== null) {
        await transfer(tx, {
          idempotencyKey: `points-request:${requestId}`,
          kind: "DISCRETIONARY_GRANT",
          amount,
          reason: "Points request approved",
          reference: `points-request:${requestId}`,
          actorId: viewer.employee.id,
          from: { kind: "PROGRAM_BUCKET" },
          to: recipient,
        });
      }
      await record(tx, requestId, amount === null ? "DENIED" : "APPROVED", { actorId: viewer.employee.id, delegateId: delegateOf(viewer), amount, comment });
      const outcome = amount === null ? "was denied" : `was approved: ${formatPoints(amount)} points to give are yours`;
      const message = `Your points request ${outcome}.${comment ? ` ${viewer.employee.displayName}: ${quoted(comment)}` : ""}`;
      await notify(app, tenant, tx, [request.requester_id], { type: "DISC_APP", message, link: `/points-request-detail/${requestId}`, foreignId: String(requestId) }, `points-request-decided:${requestId}`);
      return { status: "DONE", requesterName: request.requester, amount };
    });
  } catch (error) {
    if (error instanceof InsufficientPoints) return { status: "BUCKET_SHORT", bucket: await balanceOf(db, { kind: "PROGRAM_BUCKET" }) };
    throw error;
  }
}

/** Withdraws a pending request of the requester's; false when it is decided already (or not theirs). */
export async function cancelRequest(db: ProgramDb, viewer: Viewer, requestId: number) {
  return db.transaction(async (tx) => {
    const cancelled = await tx
      .updateTable("points_request")
      .set({ status: "CANCELLED", decided_at: new Date() })
      .where("id", "=", requestId)
      .where("requester_id", "=", viewer.employee.id)
      .where("status", "=", "PENDING")
      .returning("id")
      .executeTakeFirst();
    if (cancelled) await record(tx, requestId, "CANCELLED", { actorId: viewer.employee.id, delegateId: delegateOf(viewer) });
    return Boolean(cancelled);
  });
}

/**
 * Passes an absent approver's pending requests to another approver, telling them; a request of
 * the new approver's own stays where it was (nobody decides their own). Returns how many moved.
 */
export async function reassignPendingRequests(app: AppServices, tenant: Tenant, db: ProgramDb, move: { fromId: number; toId: number; actorId: number }) {
  return db.transaction(async (tx) => {
    const moved = await tx
      .updateTable("points_request")
      .set({ approver_id: move.toId })
      .where("approver_id", "=", move.fromId)
      .where("status", "=", "PENDING")
      .where("requester_id", "!=", move.toId)
      .returning("id")
      .execute();
    for (const { id } of moved) await record(tx, id, "REASSIGNED", { actorId: move.actorId });
    if (moved.length > 0) {
      const count = moved.length === 1 ? "A points request waits" : `${moved.length} points requests wait`;
      const message = `${count} for your decision (passed to you from ${await displayName(tx, move.fromId)}).`;
      await notify(app, tenant, tx, [move.toId], { type: "PT_APP", message, link: "/approvals/points" }, `points-request-reassigned:${moved.map((row) => row.id).join(",")}:${move.toId}`);
    }
    return moved.length;
  });
}

/** How many requests wait for the viewer's decision (the approvals card). */
export async function waitingCount(db: ProgramDb, viewer: Viewer) {
  const row = await db
    .selectFrom("points_request")
    .select(sql<number>`count(*)::int`.as("count"))
    .where("status", "=", "PENDING")
    .where(visibleTo(viewer))
    .executeTakeFirstOrThrow();
  return row.count;
}

const listed = ["points_request.id", "points_request.amount_requested", "points_request.amount_approved", "points_request.status", "points_request.created_at", "points_request.decided_at"] as const;

function toListed(row: { id: number; amount_requested: number; amount_approved: number | null; status: string; created_at: Date; decided_at: Date | null }) {
  return { id: row.id, amountRequested: row.amount_requested, amountApproved: row.amount_approved, status: row.status as "PENDING", created: row.created_at.toISOString(), decided: row.decided_at?.toISOString() ?? null };
}

/** A requester's own requests, newest first, a page at a time. */
export async function requestsOf(db: ProgramDb, requesterId: number, page: number) {
  const rows = await db
    .selectFrom("points_request")
    .select([...listed, "points_request.reason"])
    .where("requester_id", "=", requesterId)
    .orderBy("id", "desc")
    .limit(REQUEST_PAGE_SIZE + 1)
    .offset((page - 1) * REQUEST_PAGE_SIZE)
    .execute();
  return { requests: rows.slice(0, REQUEST_PAGE_SIZE).map((row) => ({ ...toListed(row), reason: row.reason })), page, hasMore: rows.length > REQUEST_PAGE_SIZE };
}

/** Approvers' queues, kept per process (2,000 pages in all) with the signed-in people's rows. */
const keptQueues = versionedCache({ limit: 2_000, changeVersion: "viewer" });

/**
 * An approver's queue, kept until the viewer's version moves (decision 110): any change to a
 * request moves it, as does a change to a name the queue shows. The key holds all `visibleTo`
 * draws on, so two approvers never share a queue.
 */
export function approvalQueue(access: KeptAccess, page: number) {
  const { viewer } = access;
  const key = JSON.stringify([viewer.employee.id, viewer.delegation?.original.id ?? null, isProgramManager(viewer), page]);
  return keptQueues(access, key, () => readApprovalQueue(access.db, viewer, page));
}

/** An approver's list: the requests waiting for them, oldest first (up to WAITING_SHOWN); then those decided, newest first, a page at a time. */
async function readApprovalQueue(db: ProgramDb, viewer: Viewer, page: number) {
  const base = db
    .selectFrom("points_request")
    .innerJoin("employee", "employee.id", "points_request.requester_id")
    .select([...listed, "points_request.reason", "employee.display_name as requester"])
    .where(visibleTo(viewer));
  const [pending, decided] = await Promise.all([
    base.where("points_request.status", "=", "PENDING").orderBy("points_request.id").limit(WAITING_SHOWN).execute(),
    base
      .where("points_request.status", "!=", "PENDING")
      .orderBy("points_request.decided_at", "desc")
      .orderBy("points_request.id", "desc")
      .limit(REQUEST_PAGE_SIZE + 1)
      .offset((page - 1) * REQUEST_PAGE_SIZE)
      .execute(),
  ]);
  const withRequester = (row: (typeof pending)[number]) => ({ ...toListed(row), reason: row.reason, requester: row.requester });
  return { pending: pending.map(withRequester), history: decided.slice(0, REQUEST_PAGE_SIZE).map(withRequester), page, hasMore: decided.length > REQUEST_PAGE_SIZE };
}

async function historyOf(db: ProgramDb, requestId: number) {
  const rows = await db
    .selectFrom("points_request_event")
    .leftJoin("employee as actor", "actor.id", "points_request_event.actor_id")
    .leftJoin("employee as delegate", "delegate.id", "points_request_event.delegate_id")
    .select([
      "points_request_event.id",
      "points_request_event.action",
      "points_request_event.amount",
      "points_request_event.comment",
      "points_request_event.created_at",
      "actor.display_name as actor",
      "delegate.display_name as delegate",
    ])
    .where("points_request_event.request_id", "=", requestId)
    .orderBy("points_request_event.id")
    .execute();
  return rows.map((row) => ({ id: row.id, action: row.action, amount: row.amount, comment: row.comment, at: row.created_at.toISOString(), actor: row.actor, delegate: row.delegate }));
}

/** A request with its people's names; with `viewer`, only one they may see as an approver. */
async function requestRow(db: ProgramDb, requestId: number, viewer?: Viewer) {
  const query = db
    .selectFrom("points_request")
    .innerJoin("employee as requester", "requester.id", "points_request.requester_id")
    .leftJoin("employee as approver", "approver.id", "points_request.approver_id")
    .select([...listed, "points_request.reason", "points_request.decision_comment", "points_request.requester_id", "points_request.approver_id", "requester.display_name as requester", "approver.display_name as approver"])
    .where("points_request.id", "=", requestId);
  return (viewer ? query.where(visibleTo(viewer)) : query).executeTakeFirst();
}

function toDetail(row: NonNullable<Awaited<ReturnType<typeof requestRow>>>) {
  return { ...toListed(row), reason: row.reason, comment: row.decision_comment, requester: row.requester, approver: row.approver ?? "Any approver" };
}

/** One of the requester's own requests with its history; null for anyone else's. */
export async function ownRequest(db: ProgramDb, requesterId: number, requestId: number) {
  const row = await requestRow(db, requestId);
  if (!row || row.requester_id !== requesterId) return null;
  return { request: toDetail(row), history: await historyOf(db, requestId) };
}

/**
 * A request as its approver decides it: the request and its history, the requester's earlier
 * requests, and the program's bucket; null when the viewer may not see it.
 */
export async function requestToDecide(db: ProgramDb, viewer: Viewer, requestId: number) {
  const row = await requestRow(db, requestId, viewer);
  if (!row) return null;
  const [history, earlier, bucket] = await Promise.all([
    historyOf(db, requestId),
    db
      .selectFrom("points_request")
      .select([...listed, "points_request.reason"])
      .where("requester_id", "=", row.requester_id)
      .where("id", "<", requestId)
      .orderBy("id", "desc")
      .limit(EARLIER_REQUESTS)
      .execute(),
    balanceOf(db, { kind: "PROGRAM_BUCKET" }),
  ]);
  return {
    request: toDetail(row),
    history,
    earlier: earlier.map((request) => ({ ...toListed(request), reason: request.reason })),
    bucket,
    canDecide: row.status === "PENDING" && mayDecide(viewer, row),
  };
}

/**
 * The program's approvers (active, with the permission) and anyone else requests still wait
 * for (someone who left, or lost the permission), with how many wait for each.
 */
export async function approversWithWaiting(db: ProgramDb) {
  const rows = await db
    .selectFrom("employee")
    .leftJoin("points_request", (join) => join.onRef("points_request.approver_id", "=", "employee.id").on("points_request.status", "=", "PENDING"))
    .select(["employee.id", "employee.display_name", "employee.active", isApprover.as("approver"), sql<number>`count(points_request.id)::int`.as("waiting")])
    .where((eb) => eb.or([eb.and([eb("employee.active", "=", true), isApprover]), eb("points_request.id", "is not", null)]))
    .groupBy(["employee.id", "employee.display_name", "employee.active"])
    .orderBy("employee.display_name")
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.display_name, canApprove: row.active && row.approver, waiting: row.waiting }));
}
