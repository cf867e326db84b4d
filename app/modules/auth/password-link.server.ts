import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { publicUrl } from "~/modules/env.server";
import { formConstraint } from "~/modules/forms/constraint.server";
import { PasswordLinkSchema } from "./form-schemas.server";
import { requestPasswordLink, type TokenPurpose } from "./passwords.server";

/** The loader of /login/reset and /login/register: what the form's one field must hold. */
export const passwordLinkLoader = () => json({ constraint: formConstraint(PasswordLinkSchema) });

/** The action of /login/reset and /login/register: the same answer whether or not the account exists. */
export async function passwordLinkAction(args: ActionFunctionArgs, purpose: TokenPurpose) {
  const { context } = args;
  const submission = parseWithZod(await args.request.formData(), { schema: PasswordLinkSchema });
  if (submission.status !== "success") return json({ sent: false, result: submission.reply() }, { status: 400 });
  // Link requests have an allowance of their own per typed name (so nobody can pause an account's sign-in by asking for
  // links), and count against the client address like password guesses.
  const limit = await context.app.loginLimiter.begin(context.tenant.programId, { unknownName: `link:${submission.value.username}` }, context.clientAddress);
  if (limit.allowed) {
    // After the reply: whether the account exists costs the request nothing, so its timing cannot tell.
    const deps = {
      db: context.db,
      mailer: context.app.mailer,
      log: context.log,
      tenant: context.tenant,
      baseUrl: publicUrl(context.app.env, context.tenant.config.subdomain),
    };
    context.app.background.run("password_link", () => requestPasswordLink(deps, submission.value.username, purpose), context.log);
  }
  return json({ sent: true, result: submission.reply({ resetForm: true }) });
}
