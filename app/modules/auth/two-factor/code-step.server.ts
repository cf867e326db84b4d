import type { AppLoadContext } from "@remix-run/node";
import { CODE_LENGTH, RESEND_TOO_SOON, TOO_MANY_CODES, TWO_FACTOR_ERRORS } from "./rules";
import { SmsCodeSchema } from "./schemas";
import { issueCode, verifyCode, type CodePurpose } from "./codes.server";

/** What a code form shows after a refused post: the message, what was typed, and the HTTP status. */
export interface CodeStepReply {
  error: string;
  typed: string;
  status: number;
}

function refuse(error: string, typed: string, status: number): CodeStepReply {
  return { error, typed, status };
}

/**
 * Sends a code for `purpose` to `phoneNumber`: null when it went, else the
 * reply to show (too soon, too many, or the gateway failed).
 */
export async function sendCode(
  context: AppLoadContext,
  employeeId: number,
  purpose: CodePurpose,
  phoneNumber: string,
): Promise<CodeStepReply | null> {
  try {
    const issued = await issueCode(
      { db: context.db, sms: context.app.sms, subdomain: context.tenant.config.subdomain, programName: context.tenant.config.name },
      { employeeId, purpose, phoneNumber },
    );
    if (issued.ok) {
      context.log.info({ event: "verification_code_sent", purpose }, "verification code sent");
      return null;
    }
    if (issued.reason === "TOO_MANY") return refuse(TOO_MANY_CODES, "", 429);
    return refuse(RESEND_TOO_SOON, "", 429);
  } catch (error) {
    context.log.error({ event: "verification_code_failed", purpose, err: (error as Error).message }, "could not send a code");
    return refuse(TWO_FACTOR_ERRORS.FAILED.message, "", 502);
  }
}

/** Checks a posted code: the verified phone number, or the reply with the spec's message. */
export async function checkCode(
  context: AppLoadContext,
  employeeId: number,
  purpose: CodePurpose,
  form: FormData,
): Promise<{ phoneNumber: string; reply?: undefined } | { reply: CodeStepReply }> {
  const typed = String(form.get("code") ?? "").slice(0, CODE_LENGTH);
  const parsed = SmsCodeSchema.safeParse({ code: form.get("code") });
  if (!parsed.success) return { reply: refuse(parsed.error.issues[0]!.message, typed, 400) };
  const result = await verifyCode(context.db, { employeeId, purpose, code: parsed.data.code });
  if (result.ok) return { phoneNumber: result.phoneNumber };
  context.log.info({ event: "verification_code_refused", purpose, error: TWO_FACTOR_ERRORS[result.error].code }, "code refused");
  return { reply: refuse(TWO_FACTOR_ERRORS[result.error].message, typed, 422) };
}
