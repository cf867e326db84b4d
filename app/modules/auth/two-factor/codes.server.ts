import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { SmsSender } from "~/modules/delivery/sms.server";
import {
  CODE_LENGTH,
  CODE_VALID_MS,
  MAX_ATTEMPTS,
  MAX_CODES_PER_HOUR,
  RESEND_AFTER_MS,
  type CodeTimes,
  type TwoFactorError,
} from "./rules";

export type CodePurpose = "SIGN_IN" | "PHONE";

function hashCode(code: string, salt = randomBytes(16).toString("hex")) {
  return `${salt}:${createHash("sha256").update(`${salt}:${code}`).digest("hex")}`;
}

function matches(stored: string, code: string) {
  const [salt] = stored.split(":");
  const expected = Buffer.from(stored);
  const presented = Buffer.from(hashCode(code, salt));
  return expected.length === presented.length && timingSafeEqual(expected, presented);
}

function timesOf(row: { created_at: Date; expires_at: Date }): CodeTimes {
  return {
    sentAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    resendAt: new Date(row.created_at.getTime() + RESEND_AFTER_MS).toISOString(),
  };
}

function latestCode(db: ProgramDb, employeeId: number, purpose: CodePurpose) {
  return db
    .selectFrom("verification_code")
    .selectAll()
    .where("employee_id", "=", employeeId)
    .where("purpose", "=", purpose)
    .orderBy("id", "desc")
    .limit(1);
}

/** The code last sent for this purpose, if it is still open: its clock and the number it went to. */
export async function openCode(db: ProgramDb, employeeId: number, purpose: CodePurpose) {
  const row = await latestCode(db, employeeId, purpose).where("used_at", "is", null).executeTakeFirst();
  return row ? { times: timesOf(row), phoneNumber: row.phone_number } : null;
}

export type IssueResult = { ok: true; times: CodeTimes } | { ok: false; reason: "TOO_SOON" | "TOO_MANY" };

/**
 * Sends a fresh code by text and retires any earlier one. A new code may be
 * asked for 30 seconds after the last, and only so many per hour.
 */
export async function issueCode(
  deps: { db: ProgramDb; sms: SmsSender; subdomain: string; programName: string },
  request: { employeeId: number; purpose: CodePurpose; phoneNumber: string },
): Promise<IssueResult> {
  const { db, sms } = deps;
  const issued = await db.transaction(async (tx) => {
    // One sender at a time per person: the row lock makes the 30-second and hourly rules hold under double clicks.
    await tx.selectFrom("employee").select("id").where("id", "=", request.employeeId).forUpdate().executeTakeFirst();
    const last = await latestCode(tx, request.employeeId, request.purpose).executeTakeFirst();
    if (last && !last.used_at && Date.now() - last.created_at.getTime() < RESEND_AFTER_MS) {
      return { ok: false as const, reason: "TOO_SOON" as const };
    }
    const { count } = await tx
      .selectFrom("verification_code")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("employee_id", "=", request.employeeId)
      .where("created_at", ">", sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_CODES_PER_HOUR) return { ok: false as const, reason: "TOO_MANY" as const };

    await tx
      .updateTable("verification_code")
      .set({ used_at: new Date() })
      .where("employee_id", "=", request.employeeId)
      .where("purpose", "=", request.purpose)
      .where("used_at", "is", null)
      .execute();
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
    const now = new Date();
    const row = await tx
      .insertInto("verification_code", {
        employee_id: request.employeeId,
        purpose: request.purpose,
        phone_number: request.phoneNumber,
        code_hash: hashCode(code),
        created_at: now,
        expires_at: new Date(now.getTime() + CODE_VALID_MS),
      })
      .returning(["created_at", "expires_at"])
      .executeTakeFirstOrThrow();
    return { ok: true as const, code, times: timesOf(row) };
  });
  if (!issued.ok) return issued;
  // Sent after the commit: a failed send leaves a code nobody has, which the next request replaces.
  await sms.send({
    subdomain: deps.subdomain,
    to: request.phoneNumber,
    text: `${issued.code} is your ${deps.programName} verification code. It expires in ${CODE_VALID_MS / 60_000} minutes.`,
  });
  return { ok: true, times: issued.times };
}

export type VerifyResult = { ok: true; phoneNumber: string } | { ok: false; error: TwoFactorError };

/**
 * Checks a code against the one last sent. A right code is used up; a wrong
 * one counts, and after five the code is dead. Expired and dead codes answer
 * 'This code has expired.'.
 */
export async function verifyCode(
  db: ProgramDb,
  request: { employeeId: number; purpose: CodePurpose; code: string },
): Promise<VerifyResult> {
  return db.transaction(async (tx) => {
    const row = await latestCode(tx, request.employeeId, request.purpose).forUpdate().executeTakeFirst();
    if (!row) return { ok: false, error: "FAILED" };
    if (row.used_at || row.expires_at.getTime() <= Date.now() || row.attempts >= MAX_ATTEMPTS) {
      return { ok: false, error: "EXPIRED" };
    }
    if (!matches(row.code_hash, request.code)) {
      await tx
        .updateTable("verification_code")
        .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
        .where("id", "=", row.id)
        .execute();
      return { ok: false, error: "INVALID" };
    }
    await tx.updateTable("verification_code").set({ used_at: new Date() }).where("id", "=", row.id).execute();
    return { ok: true, phoneNumber: row.phone_number };
  });
}
