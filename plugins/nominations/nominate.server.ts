import { sql } from "kysely";
import { isProgramManager, type Viewer } from "~/modules/auth/viewer";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { hasPermissionSql } from "~/modules/employees/service.server";
import { notify } from "~/modules/notifications/delivery.server";
import { formatPoints } from "~/modules/points/accounts";
import { InsufficientPoints, transfer } from "~/modules/points/ledger.server";
import { publishToFeed, publishToWall } from "~/modules/publications/publish.server";
import type { AppServices } from "~/modules/services.server";
import type { Tenant } from "~/modules/tenants/tenant";
import type { NominationInput } from "./composer.server";
import type { NominationsOptions } from "./options";
import type { StepKind } from "./schema";

/** The ledger kind of a nomination's points (declared in the manifest). */
export const NOMINATION_AWARD = "NOMINATION_AWARD";

type Parties = { nominatorId: number; nomineeId: number };

/**
 * Who decides a step: the nominee's manager (a person), or every program manager or nomination
 * approver who is not a party (null: a pool). Undefined when nobody fits (no manager, the manager
 * is the nominator, nobody holds the role): the step is passed over.
 */
async function approverOf(db: ProgramDb, kind: StepKind, parties: Parties): Promise<number | null | undefined> {
  const excluded = [parties.nominatorId, parties.nomineeId];
  if (kind === "MANAGER") {
    const nominee = await db.selectFrom("employee").select("parent_employee_id").where("id", "=", parties.nomineeId).executeTakeFirst();
    const managerId = nominee?.parent_employee_id ?? null;
    if (managerId === null || excluded.includes(managerId)) return undefined;
    const manager = await db.selectFrom("employee").select("active").where("id", "=", managerId).executeTakeFirst();
    return manager?.active ? managerId : undefined;
  }
  const pool = db.selectFrom("employee").select("id").where("active", "=", true).where("id", "not in", excluded);
  const someone = await (kind === "NOMINATION_APPROVER" ? pool.where(hasPermissionSql("isNominationApprover", false)) : pool.where("employee_type", "=", "PROGRAM_MANAGER")).executeTakeFirst();
  return someone ? null : undefined;
}

/**
 * Opens the next step of a nomination's chain that has an approver, recording each one passed
 * over (SKIPPED, with why); when every remaining step is passed over, a program manager
 * decides (FALLBACK). Returns the step opened, or null when the chain is done.
 */
async function openNextStep(db: ProgramDb, nomination: { id: number; chain: StepKind[] } & Parties, from: number) {
  let passedOver = false;
  for (let step = from; step < nomination.chain.length; step++) {
    const kind = nomination.chain[step]!;
    const approverId = await approverOf(db, kind, nomination);
    if (approverId === undefined) {
      const comment = kind === "MANAGER" ? "The nominee has no manager who may decide it." : "Nobody who may decide this step is free of the nomination.";
      await db.insertInto("nomination_approval", { nomination_id: nomination.id, step, kind, approver_id: null, status: "SKIPPED", comment, decided_at: new Date() }).execute();
      passedOver = true;
      continue;
    }
    await db.insertInto("nomination_approval", { nomination_id: nomination.id, step, kind, approver_id: approverId, status: "PENDING" }).execute();
    return { step, kind, approverId };
  }
  if (!passedOver) return null;
  // Every step left was passed over: a program manager decides (it waits for one to be appointed if none is free of it).
  const step = nomination.chain.length;
  await db.insertInto("nomination_approval", { nomination_id: nomination.id, step, kind: "FALLBACK", approver_id: null, status: "PENDING" }).execute();
  return { step, kind: "FALLBACK" as const, approverId: null };
}

/** Who is told that a step waits: its approver, or the pool it is left to. */
export async function waitingApprovers(db: ProgramDb, opened: { kind: StepKind; approverId: number | null }, parties: Parties) {
  if (opened.approverId !== null) return [opened.approverId];
  const pool = db.selectFrom("employee").select("id").where("active", "=", true).where("id", "not in", [parties.nominatorId, parties.nomineeId]);
  const rows = await (opened.kind === "NOMINATION_APPROVER" ? pool.where(hasPermissionSql("isNominationApprover", false)) : pool.where("employee_type", "=", "PROGRAM_MANAGER")).execute();
  return rows.map((row) => row.id);
}

async function names(db: ProgramDb, ids: number[]) {
  const rows = await db.selectFrom("employee").select(["id", "display_name"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, row.display_name]));
}

/**
 * Makes a nomination per nominee, in one transaction (the form's key makes a form posted twice
 * one set), each with its level's chain: the first step that has an approver waits and its
 * approver is told; a level without approvals is approved at once.
 */
export async function createNominations(app: AppServices, tenant: Tenant, db: ProgramDb, options: NominationsOptions, nominatorId: number, input: NominationInput) {
  const created = await db.transaction(async (tx) => {
    const made: number[] = [];
    for (const nomineeId of input.nomineeIds) {
      const formKey = `${nominatorId}:${input.key}:${nomineeId}`;
      const row = await tx
        .insertInto("nomination", {
          nominator_id: nominatorId,
          nominee_id: nomineeId,
          core_value: input.value.id,
          core_value_label: input.value.label,
          award_level: input.level.id,
          award_label: input.level.label,
          points: input.level.points,
          points_from: options.pointsFromNominator ? "NOMINATOR" : "BUCKET",
          message: input.message,
          chain: JSON.stringify(input.level.approvals),
          status: "PENDING",
          form_key: formKey,
        })
        .onConflict((oc) => oc.columns(["program_id", "form_key"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!row) {
        made.push((await tx.selectFrom("nomination").select("id").where("form_key", "=", formKey).executeTakeFirstOrThrow()).id);
        continue;
      }
      made.push(row.id);
      await advance(app, tenant, tx, options, row.id, 0, null);
    }
    return made;
  });
  return created;
}

/** Opens the next step from `from`, or approves the nomination when none is left (true then); tells whom it concerns. */
async function advance(app: AppServices, tenant: Tenant, db: ProgramDb, options: NominationsOptions, nominationId: number, from: number, decidedBy: number | null) {
  const nomination = await db
    .selectFrom("nomination")
    .select(["id", "nominator_id", "nominee_id", "chain", "award_label", "core_value_label", "points", "points_from", "message"])
    .where("id", "=", nominationId)
    .executeTakeFirstOrThrow();
  const parties = { nominatorId: nomination.nominator_id, nomineeId: nomination.nominee_id };
  const opened = await openNextStep(db, { id: nomination.id, chain: nomination.chain, ...parties }, from);
  const people = await names(db, [nomination.nominator_id, nomination.nominee_id]);
  const nominee = people.get(nomination.nominee_id)!;
  const nominator = people.get(nomination.nominator_id)!;
  if (opened) {
    const message = `${nominator} nominated ${nominee} for ${nomination.core_value_label} (${nomination.award_label}): it waits for your decision.`;
    await notify(app, tenant, db, await waitingApprovers(db, opened, parties), { type: "NOMINATION_APPROVAL", message, link: `/approvals/nominations/${nomination.id}`, foreignId: String(nomination.id) }, `nomination:${nomination.id}:step:${opened.step}`);
    if (from > 0) {
      await notify(app, tenant, db, [nomination.nominator_id], { type: "NOMINATION_STATUS", message: `Your nomination of ${nominee} was approved at step ${from} and goes on to the next approver.`, link: `/nomination/sent/${nomination.id}` }, `nomination:${nomination.id}:passed:${from}`);
    }
    return false;
  }
  await approve(app, tenant, db, options, { ...nomination, nominee, nominator }, decidedBy);
  return true;
}

/**
 * The final approval: the nomination is approved, its points are paid through the ledger once
 * (to the nominee's points to spend, from the bucket or the nominator's points to give), it is
 * published to the feed (when the nominee accepts public recognition) and to the nominee's wall,
 * and both are told.
 */
async function approve(
  app: AppServices,
  tenant: Tenant,
  db: ProgramDb,
  options: NominationsOptions,
  nomination: { id: number; nominator_id: number; nominee_id: number; award_label: string; core_value_label: string; points: number; points_from: "BUCKET" | "NOMINATOR"; message: string; nominee: string; nominator: string },
  decidedBy: number | null,
) {
  const nominee = await db
    .selectFrom("employee")
    .select([hasPermissionSql("usesPoints", true).as("uses_points"), sql<boolean>`coalesce((employee.preferences ->> 'publicRecognitionEnabled')::boolean, true)`.as("public_recognition")])
    .where("id", "=", nomination.nominee_id)
    .executeTakeFirstOrThrow();
  const paid = nomination.points > 0 && nominee.uses_points;
  if (paid) {
    await transfer(db, {
      idempotencyKey: `nomination:${nomination.id}`,
      kind: NOMINATION_AWARD,
      amount: nomination.points,
      reason: `Nomination: ${nomination.award_label} for ${nomination.core_value_label}`,
      reference: `nomination:${nomination.id}`,
      actorId: nomination.points_from === "NOMINATOR" ? nomination.nominator_id : decidedBy,
      from: nomination.points_from === "NOMINATOR" ? { kind: "DISCRETIONARY", employeeId: nomination.nominator_id } : { kind: "PROGRAM_BUCKET" },
      to: { kind: "SHOPPING", employeeId: nomination.nominee_id },
    });
  }
  await db.updateTable("nomination").set({ status: "APPROVED", decided_at: new Date(), points_paid: paid }).where("id", "=", nomination.id).execute();
  const shown = {
    nominationId: nomination.id,
    nominatorName: nomination.nominator,
    nomineeName: nomination.nominee,
    coreValue: nomination.core_value_label,
    awardLevel: nomination.award_label,
    message: nomination.message,
  };
  await publishToWall(app.registry, db, { itemType: "NOMINATION", foreignId: String(nomination.id), employeeIds: [nomination.nominee_id], data: shown });
  if (options.publishToFeed && nominee.public_recognition) {
    await publishToFeed(app.registry, tenant.config, db, {
      kind: "receivedNomination",
      foreignId: String(nomination.id),
      authorId: nomination.nominator_id,
      data: shown,
      mentions: [{ employeeId: nomination.nominee_id, points: paid ? nomination.points : null }],
    });
  }
  const withPoints = paid ? ` with ${formatPoints(nomination.points)} points` : "";
  await notify(
    app,
    tenant,
    db,
    [nomination.nominee_id],
    { type: "NOMINATION_RECEIVED", message: `${nomination.nominator} nominated you for ${nomination.core_value_label}: ${nomination.award_label}${withPoints}.`, link: `/nomination/received/${nomination.id}` },
    `nomination:${nomination.id}:received`,
  );
  await notify(app, tenant, db, [nomination.nominator_id], { type: "NOMINATION_STATUS", message: `Your nomination of ${nomination.nominee} was approved.`, link: `/nomination/sent/${nomination.id}` }, `nomination:${nomination.id}:approved`);
}

/** The step of a nomination waiting for a decision, if the viewer may take it. */
export function mayDecideStep(viewer: Viewer, step: { kind: StepKind; approver_id: number | null }, parties: Parties) {
  const me = viewer.employee.id;
  const acting = viewer.delegation?.original.id;
  if ([parties.nominatorId, parties.nomineeId].some((party) => party === me || party === acting)) return false;
  if (step.approver_id !== null) return step.approver_id === me;
  if (step.kind === "NOMINATION_APPROVER") return Boolean(viewer.employee.permissions.isNominationApprover);
  return isProgramManager(viewer);
}

export type NominationDecision = { approve: true; comment: string } | { approve: false; comment: string };
export type DecideResult = { status: "DONE"; final: boolean; nominee: string } | { status: "NOT_FOUND" } | { status: "DECIDED_ALREADY" } | { status: "NOMINATOR_SHORT" } | { status: "BUCKET_SHORT" };

/**
 * Decides the waiting step of a nomination, once: the step is claimed by its status, so of two
 * decisions at once one counts. Approval opens the next step or, at the last, approves the
 * nomination and pays it; a denial ends it. The nominator is told of each change.
 */
export async function decideNomination(app: AppServices, tenant: Tenant, db: ProgramDb, options: NominationsOptions, viewer: Viewer, nominationId: number, decision: NominationDecision): Promise<DecideResult> {
  try {
    return await db.transaction(async (tx): Promise<DecideResult> => {
      const waiting = await tx
        .selectFrom("nomination_approval")
        .innerJoin("nomination", "nomination.id", "nomination_approval.nomination_id")
        .innerJoin("employee as nominee", "nominee.id", "nomination.nominee_id")
        .select([
          "nomination_approval.id",
          "nomination_approval.step",
          "nomination_approval.kind",
          "nomination_approval.approver_id",
          "nomination.nominator_id",
          "nomination.nominee_id",
          "nominee.display_name as nominee",
        ])
        .where("nomination_approval.nomination_id", "=", nominationId)
        .where("nomination_approval.status", "=", "PENDING")
        .executeTakeFirst();
      const parties = waiting ? { nominatorId: waiting.nominator_id, nomineeId: waiting.nominee_id } : null;
      if (!waiting || !parties) {
        const exists = await tx.selectFrom("nomination").select("id").where("id", "=", nominationId).executeTakeFirst();
        return exists ? { status: "DECIDED_ALREADY" } : { status: "NOT_FOUND" };
      }
      if (!mayDecideStep(viewer, waiting, parties)) return { status: "NOT_FOUND" };
      const claimed = await tx
        .updateTable("nomination_approval")
        .set({ status: decision.approve ? "APPROVED" : "DENIED", decided_by: viewer.employee.id, comment: decision.comment || null, decided_at: new Date() })
        .where("id", "=", waiting.id)
        .where("status", "=", "PENDING")
        .returning("id")
        .executeTakeFirst();
      if (!claimed) return { status: "DECIDED_ALREADY" };
      const { nominee } = waiting;
      if (!decision.approve) {
        await tx.updateTable("nomination").set({ status: "DENIED", decided_at: new Date() }).where("id", "=", nominationId).execute();
        const message = `Your nomination of ${nominee} was denied. ${viewer.employee.displayName}: ${decision.comment}`;
        await notify(app, tenant, tx, [parties.nominatorId], { type: "NOMINATION_STATUS", message: message.slice(0, 500), link: `/nomination/sent/${nominationId}` }, `nomination:${nominationId}:denied`);
        return { status: "DONE", final: true, nominee };
      }
      const final = await advance(app, tenant, tx, options, nominationId, waiting.step + 1, viewer.employee.id);
      return { status: "DONE", final, nominee };
    });
  } catch (error) {
    if (!(error instanceof InsufficientPoints)) throw error;
    return error.account.startsWith("employee:") ? { status: "NOMINATOR_SHORT" } : { status: "BUCKET_SHORT" };
  }
}

/**
 * Passes an absent approver's waiting steps to another (program settings' Approvers page): only
 * steps named for that person, and never to a party of the nomination. Returns how many moved.
 */
export async function reassignNominationSteps(app: AppServices, tenant: Tenant, db: ProgramDb, move: { fromId: number; toId: number }) {
  return db.transaction(async (tx) => {
    const moved = await tx
      .updateTable("nomination_approval")
      .set({ approver_id: move.toId })
      .where("approver_id", "=", move.fromId)
      .where("status", "=", "PENDING")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("nomination")
              .select("nomination.id")
              .whereRef("nomination.id", "=", "nomination_approval.nomination_id")
              .where((inner) => inner.or([inner("nomination.nominator_id", "=", move.toId), inner("nomination.nominee_id", "=", move.toId)])),
          ),
        ),
      )
      .returning("nomination_id")
      .execute();
    if (moved.length > 0) {
      const count = moved.length === 1 ? "A nomination waits" : `${moved.length} nominations wait`;
      await notify(app, tenant, tx, [move.toId], { type: "NOMINATION_APPROVAL", message: `${count} for your decision (passed to you by a program manager).`, link: "/approvals/nominations" }, `nominations-reassigned:${moved.map((row) => row.nomination_id).join(",")}:${move.toId}`);
    }
    return moved.length;
  });
}
