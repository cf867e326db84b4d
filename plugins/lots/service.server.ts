import { sql } from "kysely";
import { activateCodes, codePool, codesOf, issueCodes, randomCode } from "~/modules/codes/service.server";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { versionedCache, type KeptAccess } from "~/modules/db/versioned-cache.server";
import { InsufficientPoints, transfer } from "~/modules/points/ledger.server";
import { calendarDayIn, endOfDayIn } from "~/modules/time/zones";
import { LOT_CODE_LENGTH } from "./format";
import type { ActivationResult } from "./activation";

const generateLotCode = () => randomCode(LOT_CODE_LENGTH);

/** A lot's codes are issued under this source; their points wait in its code pool once activated. */
export function lotSource(lotId: number) {
  return `lot:${lotId}`;
}

/** The end of the chosen day, UTC: a code expiring "on" a date works all of that day. */

export async function createLot(
  db: ProgramDb,
  actorId: number,
  lot: { name: string; codeCount: number; pointsPerCode: number; expiresOn: string },
  /** The program's time zone: a lot expires at the end of its day there. */
  timeZone: string,
) {
  return db.transaction(async (tx) => {
    let created: { id: number; lot_code: string } | undefined;
    while (!created) {
      created = await tx
        .insertInto("lot", {
          lot_code: generateLotCode(),
          name: lot.name,
          code_count: lot.codeCount,
          points_per_code: lot.pointsPerCode,
          expires_at: endOfDayIn(lot.expiresOn, timeZone),
          created_by: actorId,
        })
        .onConflict((oc) => oc.columns(["program_id", "lot_code"]).doNothing())
        .returning(["id", "lot_code"])
        .executeTakeFirst();
    }
    await issueCodes(tx, {
      source: lotSource(created.id),
      count: lot.codeCount,
      points: lot.pointsPerCode,
      expiresAt: endOfDayIn(lot.expiresOn, timeZone),
    });
    return { id: created.id, lotCode: created.lot_code };
  });
}

/**
 * Activates a lot by its code: the lot's whole value moves from the program's
 * points bucket to the lot's code pool and its codes become redeemable, all in
 * one transaction. The status change is conditional, so a lot is funded once
 * even when activated twice at the same instant.
 */
export async function activateLot(db: ProgramDb, actorId: number, lotCode: string, timeZone: string): Promise<ActivationResult> {
  const lot = await db
    .selectFrom("lot")
    .select(["id", "lot_code", "status", "code_count", "points_per_code", "expires_at"])
    .where("lot_code", "=", lotCode)
    .executeTakeFirst();
  if (!lot) return { status: "NOT_FOUND", lotCode };
  if (lot.status === "ACTIVATED") return { status: "PREVIOUSLY_ACTIVATED", lotCode };
  if (lot.expires_at <= new Date()) return { status: "EXPIRED", lotCode, expiresOn: calendarDayIn(lot.expires_at, timeZone) };
  const lotPointsValue = lot.code_count * lot.points_per_code;

  try {
    return await db.transaction(async (tx) => {
      const claimed = await tx
        .updateTable("lot")
        .set({ status: "ACTIVATED", activated_by: actorId, activated_at: sql<Date>`now()` })
        .where("id", "=", lot.id)
        .where("status", "=", "CREATED")
        .returning("id")
        .executeTakeFirst();
      if (!claimed) return { status: "PREVIOUSLY_ACTIVATED", lotCode } as const;
      await transfer(tx, {
        idempotencyKey: `lot-activation:${lot.id}`,
        kind: "LOT_FUNDING",
        amount: lotPointsValue,
        reason: `Lot ${lotCode} activated`,
        reference: lotSource(lot.id),
        actorId,
        from: { kind: "PROGRAM_BUCKET" },
        to: codePool(lotSource(lot.id)),
      });
      await activateCodes(tx, lotSource(lot.id));
      return { status: "ACTIVATED", lotCode, lotPointsValue } as const;
    });
  } catch (error) {
    if (error instanceof InsufficientPoints) return { status: "INSUFFICIENT_FUNDS", lotCode, lotPointsValue };
    throw error;
  }
}

export async function findLotByCode(db: ProgramDb, lotCode: string) {
  return db
    .selectFrom("lot")
    .select(["id", "lot_code", "name", "status", "code_count", "points_per_code", "expires_at"])
    .where("lot_code", "=", lotCode)
    .executeTakeFirst();
}

/** The lot history, one key per program (1,000 programs), kept per process until the lots' version moves (decision 109). */
const keptForLots = versionedCache({ limit: 1_000, changeVersion: "lots" });

/** The lot history, every lot of the program newest first, as its rows say it. */
function lotRows(db: ProgramDb) {
  return db
    .selectFrom("lot")
    .leftJoin("employee as creator", "creator.id", "lot.created_by")
    .select((eb) => [
      "lot.id",
      "lot.lot_code",
      "lot.name",
      "lot.code_count",
      "lot.points_per_code",
      "lot.expires_at",
      "lot.status",
      "lot.created_at",
      "lot.activated_at",
      "creator.display_name as created_by_name",
      eb
        .selectFrom("redeem_code")
        .select(eb.fn.countAll<number>().as("n"))
        .where("redeem_code.source", "=", sql<string>`'lot:' || lot.id`)
        .where("redeem_code.redeemed_at", "is not", null)
        .as("redeemed_count"),
    ])
    .orderBy("lot.id", "desc")
    .execute();
}

/** The lot history, kept until the lots' version moves (decision 109); a lot past its expiry shows EXPIRED whenever it is read. */
export async function lotHistory(access: KeptAccess) {
  const rows = await keptForLots(access, "history", () => lotRows(access.db));
  const now = new Date();
  return rows.map((row) => ({
    id: row.id,
    lotCode: row.lot_code,
    name: row.name,
    codeCount: row.code_count,
    pointsPerCode: row.points_per_code,
    value: row.code_count * row.points_per_code,
    expiresAt: row.expires_at.toISOString(),
    status: row.expires_at <= now ? ("EXPIRED" as const) : row.status,
    createdAt: row.created_at.toISOString(),
    activatedAt: row.activated_at?.toISOString() ?? null,
    createdBy: row.created_by_name,
    redeemedCount: Number(row.redeemed_count ?? 0),
  }));
}

export async function lotWithCodes(db: ProgramDb, lotId: number) {
  const lot = await db
    .selectFrom("lot")
    .select(["id", "lot_code", "name", "status", "code_count", "points_per_code", "expires_at"])
    .where("id", "=", lotId)
    .executeTakeFirst();
  if (!lot) return null;
  return { lot, codes: await codesOf(db, lotSource(lot.id)) };
}
