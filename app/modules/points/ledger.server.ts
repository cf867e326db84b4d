import { versionedCache, type KeptAccess } from "~/modules/db/versioned-cache.server";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { ownVersions } from "~/modules/employees/service.server";
import { accountKey, type AccountRef, type TransferKind } from "./accounts";

export class InsufficientPoints extends Error {
  constructor(readonly account: string) {
    super(`Not enough points in ${account}`);
    this.name = "InsufficientPoints";
  }
}

/** A transfer that would pay its own giver: refused on every path, whatever the kind. */
export class SelfPayment extends Error {
  constructor(readonly employeeId: number) {
    super(`Employee ${employeeId} cannot pay themselves`);
    this.name = "SelfPayment";
  }
}

export interface TransferRequest {
  /** Makes a retried transfer a no-op: the same key in a program moves points once, ever. */
  idempotencyKey: string;
  kind: TransferKind;
  amount: number;
  reason: string;
  actorId: number | null;
  reference?: string;
  /** Omitted for points entering the program (a deposit). */
  from?: AccountRef;
  /** Omitted for points leaving the program (an order paid to a provider). */
  to?: AccountRef;
}

/**
 * Whose points a transfer gives: the employee whose account pays, or the actor
 * who spends the program's bucket. A code pool or a deposit has no giver: the
 * points were issued before (a code) or come from outside.
 */
function giverOf(request: TransferRequest) {
  if (request.from?.kind === "SHOPPING" || request.from?.kind === "DISCRETIONARY") return request.from.employeeId;
  if (request.from?.kind === "PROGRAM_BUCKET") return request.actorId;
  return null;
}

function receiverOf(request: TransferRequest) {
  return request.to?.kind === "SHOPPING" || request.to?.kind === "DISCRETIONARY" ? request.to.employeeId : null;
}

export type TransferResult = { status: "DONE"; transferId: number } | { status: "DUPLICATE"; transferId: number };

async function ensureAccount(db: ProgramDb, ref: AccountRef) {
  const key = accountKey(ref);
  await db
    .insertInto("points_account", {
      account_key: key,
      kind: ref.kind,
      employee_id: "employeeId" in ref ? ref.employeeId : null,
    })
    .onConflict((oc) => oc.columns(["program_id", "account_key"]).doNothing())
    .execute();
  const { id } = await db.selectFrom("points_account").select("id").where("account_key", "=", key).executeTakeFirstOrThrow();
  return { id, key };
}

/**
 * Moves points in one transaction: an append-only entry per account touched, the
 * balances updated beside them. A debit is a conditional update, so no balance
 * ever goes below zero whatever runs at the same time; accounts are locked in id
 * order so two opposite transfers cannot deadlock. Throws InsufficientPoints
 * (rolling everything back) when the paying account is short.
 */
export function transfer(db: ProgramDb, request: TransferRequest): Promise<TransferResult> {
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
    throw new RangeError(`A transfer moves a positive whole number of points, not ${request.amount}`);
  }
  if (!request.from && !request.to) throw new RangeError("A transfer needs an account to pay from or to");
  const receiver = receiverOf(request);
  if (receiver !== null && receiver === giverOf(request)) throw new SelfPayment(receiver);

  return db.transaction(async (tx) => {
    const created = await tx
      .insertInto("points_transfer", {
        idempotency_key: request.idempotencyKey,
        kind: request.kind,
        amount: request.amount,
        reason: request.reason,
        reference: request.reference ?? null,
        actor_employee_id: request.actorId,
      })
      .onConflict((oc) => oc.columns(["program_id", "idempotency_key"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!created) {
      const existing = await tx
        .selectFrom("points_transfer")
        .select("id")
        .where("idempotency_key", "=", request.idempotencyKey)
        .executeTakeFirstOrThrow();
      return { status: "DUPLICATE", transferId: existing.id } as const;
    }

    const legs = [
      ...(request.from ? [{ account: await ensureAccount(tx, request.from), amount: -request.amount }] : []),
      ...(request.to ? [{ account: await ensureAccount(tx, request.to), amount: request.amount }] : []),
    ].sort((a, b) => a.account.id - b.account.id);

    for (const leg of legs) {
      const updated = await tx
        .updateTable("points_account")
        .set((eb) => ({ balance: eb("balance", "+", leg.amount) }))
        .where("id", "=", leg.account.id)
        .where((eb) => eb(eb("balance", "+", leg.amount), ">=", 0))
        .returning("balance")
        .executeTakeFirst();
      if (!updated) throw new InsufficientPoints(leg.account.key);
      await tx
        .insertInto("points_entry", {
          transfer_id: created.id,
          account_id: leg.account.id,
          amount: leg.amount,
          balance_after: updated.balance,
        })
        .execute();
    }
    return { status: "DONE", transferId: created.id } as const;
  });
}

export async function balanceOf(db: ProgramDb, ref: AccountRef) {
  const row = await db.selectFrom("points_account").select("balance").where("account_key", "=", accountKey(ref)).executeTakeFirst();
  return row?.balance ?? 0;
}

/** Each signed-in person's points summary, kept per process with their row's version (20,000 people in all). */
const keptSummaries = versionedCache({ limit: 20_000, changeVersion: ({ viewer }) => ownVersions(viewer.employee.id) });

/**
 * The signed-in person's points summary as pages show it and composers check it, kept until their
 * own version moves: any change to their balances does (decisions 106 and 127). What moves points
 * checks the balance in its own transaction (`transfer`), never through this.
 */
export function viewerPointsSummary(access: KeptAccess) {
  const { id } = access.viewer.employee;
  return keptSummaries(access, String(id), () => pointsSummary(access.db, id));
}

/** The spec's points summary: both of an employee's balances, in one query. */
export async function pointsSummary(db: ProgramDb, employeeId: number) {
  const shopping = accountKey({ kind: "SHOPPING", employeeId });
  const discretionary = accountKey({ kind: "DISCRETIONARY", employeeId });
  const rows = await db.selectFrom("points_account").select(["account_key", "balance"]).where("account_key", "in", [shopping, discretionary]).execute();
  const balance = (key: string) => rows.find((row) => row.account_key === key)?.balance ?? 0;
  return { shoppingPointsAvailable: balance(shopping), discretionaryPointsAvailable: balance(discretionary) };
}
