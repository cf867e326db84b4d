import { randomInt } from "node:crypto";
import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { transfer } from "~/modules/points/ledger.server";
import { CODE_ALPHABET, REDEEM_CODE_LENGTH } from "./format";

/** `length` characters of Crockford's base 32 from a cryptographic source. */
export function randomCode(length: number) {
  let code = "";
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** 10 characters: 32^10 (about 1.1 × 10^15) possibilities. */
export function generateCode() {
  return randomCode(REDEEM_CODE_LENGTH);
}

/** The account where an issuer's unredeemed code points wait. */
export function codePool(source: string) {
  return { kind: "CODE_POOL" as const, source };
}

/** Creates `count` inactive codes, unique in the program, for an issuer such as "lot:12". */
export async function issueCodes(db: ProgramDb, issue: { source: string; count: number; points: number; expiresAt: Date }) {
  const codes = new Set<string>();
  while (codes.size < issue.count) {
    const batch = Array.from({ length: issue.count - codes.size }, generateCode).filter((code) => !codes.has(code));
    const inserted = await db
      .insertInto(
        "redeem_code",
        batch.map((code) => ({ code, points: issue.points, source: issue.source, expires_at: issue.expiresAt })),
      )
      .onConflict((oc) => oc.columns(["program_id", "code"]).doNothing())
      .returning("code")
      .execute();
    for (const row of inserted) codes.add(row.code);
  }
  return [...codes];
}

/** Makes an issuer's codes redeemable (its points must be in its pool first). */
export async function activateCodes(db: ProgramDb, source: string) {
  await db.updateTable("redeem_code").set({ active: true }).where("source", "=", source).execute();
}

export async function codesOf(db: ProgramDb, source: string) {
  return db
    .selectFrom("redeem_code")
    .leftJoin("employee", "employee.id", "redeem_code.redeemed_by")
    .select([
      "redeem_code.code",
      "redeem_code.points",
      "redeem_code.expires_at",
      "redeem_code.redeemed_at",
      "employee.display_name as redeemed_by_name",
      "employee.login_id as redeemed_by_login",
    ])
    .where("redeem_code.source", "=", source)
    .orderBy("redeem_code.id")
    .execute();
}

export type RedeemResult = { status: "VALID"; codePoints: number } | { status: "CODE_EXPIRED" } | { status: "INVALID" };

/**
 * The spec's redeem: a valid code's points move from its pool to the employee's
 * points to spend. The claim is one conditional update, so a code pays once,
 * ever, even when two people (or two clicks) redeem it at the same instant.
 */
export async function redeemCode(db: ProgramDb, employeeId: number, code: string): Promise<RedeemResult> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .updateTable("redeem_code")
      .set({ redeemed_by: employeeId, redeemed_at: sql<Date>`now()` })
      .where("code", "=", code)
      .where("active", "=", true)
      .where("redeemed_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`)
      .returning(["id", "points", "source"])
      .executeTakeFirst();
    if (claimed) {
      await transfer(tx, {
        idempotencyKey: `code:${claimed.id}`,
        kind: "CODE",
        amount: claimed.points,
        reason: `Code ${code.slice(0, 5)}-${code.slice(5)}`,
        reference: claimed.source,
        actorId: employeeId,
        from: codePool(claimed.source),
        to: { kind: "SHOPPING", employeeId },
      });
      return { status: "VALID", codePoints: claimed.points };
    }
    const existing = await tx
      .selectFrom("redeem_code")
      .select(["active", "redeemed_at"])
      .where("code", "=", code)
      .executeTakeFirst();
    if (existing?.active && !existing.redeemed_at) return { status: "CODE_EXPIRED" };
    return { status: "INVALID" };
  });
}
