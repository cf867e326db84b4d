import { z } from "zod";
import type { Viewer } from "~/modules/auth/viewer";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { TooManyActions, tooManyAttempts, type ActionLimit } from "~/modules/limits/action-limiter.server";
import type { AppServices } from "~/modules/services.server";
import { PRODUCT_VERSION } from "~/modules/version.server";

export const HELP_SUBJECT_MAX = 120;
export const HELP_MESSAGE_MAX = 2_000;

/** A help request: what it is about and the question; `website` is a field people never see (a form filled in by a robot fills it). */
export const HelpRequestSchema = z.object({
  subject: z.string({ error: "Say what it is about." }).trim().min(1, "Say what it is about.").max(HELP_SUBJECT_MAX, `At most ${HELP_SUBJECT_MAX} characters.`),
  message: z.string({ error: "Write your question." }).trim().min(1, "Write your question.").max(HELP_MESSAGE_MAX, `At most ${HELP_MESSAGE_MAX.toLocaleString("en-US")} characters.`),
  website: z.string().max(500).optional(),
});

/** A person's help requests: a few an hour, and a day's worth. */
const HELP_REQUESTS: ActionLimit = { name: "help requests", windows: [{ points: 3, seconds: 3_600 }, { points: 10, seconds: 86_400 }] };

export const HELP_SENT = "Your question was sent. The people who run the program will answer you by e-mail.";

/**
 * Sends a help request to the program's support address by e-mail (the platform's delivery:
 * SMTP, or the outbox), saying who asks and how to answer them, or why it was not sent. One the
 * hidden field gives away as a robot's is dropped as if sent.
 */
export async function sendHelpRequest(app: AppServices, db: ProgramDb, viewer: Viewer, request: z.infer<typeof HelpRequestSchema>): Promise<{ ok: true } | { ok: false; message: string }> {
  const to = viewer.tenant.siteConfig.supportEmail;
  if (!to) return { ok: false, message: "This program has no support address yet: ask your program managers." };
  if (request.website) return { ok: true };
  try {
    await app.limits.take(HELP_REQUESTS, `help:${viewer.employee.programId}:${viewer.employee.id}`);
  } catch (error) {
    if (error instanceof TooManyActions) return { ok: false, message: tooManyAttempts(error.retryAfterSeconds, "help requests") };
    throw error;
  }
  const asker = await db.selectFrom("employee").select(["email", "login_id"]).where("id", "=", viewer.employee.id).executeTakeFirstOrThrow();
  const onBehalf = viewer.delegation ? ` (sent for them by ${viewer.delegation.original.displayName}, their delegate)` : "";
  const program = viewer.tenant.name;
  await app.mailer.send({
    subdomain: viewer.tenant.subdomain,
    to,
    subject: `[${program} help] ${request.subject}`,
    text: [
      request.message,
      "",
      "—",
      `From ${viewer.employee.displayName}${onBehalf}, username ${asker.login_id}${asker.email ? `, ${asker.email}` : ", no e-mail address on file"}.`,
      `Sent from the help page of ${program} (version ${PRODUCT_VERSION}).`,
    ].join("\n"),
  });
  return { ok: true };
}
