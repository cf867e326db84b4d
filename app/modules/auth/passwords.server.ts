import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { Mailer } from "~/modules/delivery/mailer.server";
import { findEmployeeBySignInName } from "~/modules/employees/service.server";
import type { Logger } from "~/modules/logger.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { hashPassword, verifyPassword } from "./password.server";

export type TokenPurpose = "RESET" | "REGISTER";

/** How long an e-mailed link works: a reset an hour, a first registration three days. */
const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = { RESET: 60 * 60 * 1000, REGISTER: 72 * 60 * 60 * 1000 };

function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Sends a link to set a password to the account a username or e-mail address
 * names. Whether or not there is such an account, the caller shows the same
 * answer, so the request never reveals who has an account.
 */
export async function requestPasswordLink(
  deps: { db: ProgramDb; mailer: Mailer; log: Logger; tenant: Tenant; baseUrl: string },
  nameOrEmail: string,
  purpose: TokenPurpose,
) {
  const { db, mailer, log, tenant, baseUrl } = deps;
  const employee = await findEmployeeBySignInName(db, nameOrEmail);
  if (!employee?.email) {
    log.info({ event: "password_link_not_sent", purpose }, "no account with an e-mail address for this name");
    return;
  }
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("password_token", {
      employee_id: employee.id,
      purpose,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
    })
    .execute();
  const link = `${baseUrl}/reset/set/${token}`;
  const firstTime = purpose === "REGISTER" && !employee.password_hash;
  await mailer.send({
    subdomain: tenant.config.subdomain,
    to: employee.email,
    subject: firstTime ? `Set up your ${tenant.config.name} account` : `Reset your ${tenant.config.name} password`,
    text: [
      `Hello ${employee.first_name},`,
      "",
      firstTime
        ? `Your username is ${employee.login_id}. Choose a password to finish setting up your account:`
        : `Someone asked to reset the password of your account (username ${employee.login_id}). To choose a new password, open:`,
      link,
      "",
      `The link works once, for ${purpose === "RESET" ? "one hour" : "three days"}. If you did not ask for it, ignore this e-mail.`,
    ].join("\n"),
  });
  log.info({ event: "password_link_sent", purpose, employeeId: employee.id }, "password link sent");
}

/** Whether an e-mailed token can still set a password (used on the page's load). */
export async function isTokenValid(db: ProgramDb, token: string) {
  const row = await db
    .selectFrom("password_token")
    .select("id")
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return Boolean(row);
}

/** A new password, which ends every session signed in with the old one. */
async function newCredentials(password: string) {
  return { password_hash: await hashPassword(password), must_change_password: false, sessions_valid_after: new Date() };
}

/** Sets a password with a token; the token is spent in the same transaction, so it works once. */
export async function setPasswordWithToken(db: ProgramDb, token: string, password: string) {
  const credentials = await newCredentials(password);
  return db.transaction(async (tx) => {
    const spent = await tx
      .updateTable("password_token")
      .set({ used_at: sql<Date>`now()` })
      .where("token_hash", "=", hashToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`)
      .returning("employee_id")
      .executeTakeFirst();
    if (!spent) return false;
    await tx.updateTable("employee").set(credentials).where("id", "=", spent.employee_id).execute();
    // Any other links for the same person stop working too.
    await tx.updateTable("password_token").set({ used_at: sql<Date>`now()` }).where("employee_id", "=", spent.employee_id).where("used_at", "is", null).execute();
    return true;
  });
}

/** The voluntary change: the current password must be right. */
export async function changePassword(db: ProgramDb, employeeId: number, currentPassword: string, newPassword: string) {
  const row = await db.selectFrom("employee").select("password_hash").where("id", "=", employeeId).executeTakeFirst();
  if (!(await verifyPassword(row?.password_hash ?? null, currentPassword))) return "CURRENT_INCORRECT" as const;
  await db.updateTable("employee").set(await newCredentials(newPassword)).where("id", "=", employeeId).execute();
  return "CHANGED" as const;
}

/** The forced change, only while the account must change its password, and never to the password it has. */
export async function forceChangePassword(db: ProgramDb, employeeId: number, newPassword: string) {
  const row = await db.selectFrom("employee").select("password_hash").where("id", "=", employeeId).executeTakeFirst();
  if (await verifyPassword(row?.password_hash ?? null, newPassword)) return "SAME_AS_CURRENT" as const;
  const updated = await db
    .updateTable("employee")
    .set(await newCredentials(newPassword))
    .where("id", "=", employeeId)
    .where("must_change_password", "=", true)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n ? ("CHANGED" as const) : ("NOT_REQUIRED" as const);
}
