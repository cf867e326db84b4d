import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getSession } from "~/modules/auth/guards.server";
import { recordSignIn } from "~/modules/employees/service.server";
import { safeRedirectPath } from "~/modules/auth/safe-redirect";
import { SamlFailure } from "~/modules/auth/saml/failure";
import { ssoFailureRedirect } from "~/modules/auth/saml/sso-failure.server";

/**
 * The spec's /login/sso/{token}/{refresh} for server sessions: the ticket the
 * consumer issued is redeemed once, here on our own site, where the session
 * starts; then the saved path or the feed.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { params, context, request } = args;
  const user = await context.app.sso.redeemTicket(context.tenant, params.token ?? "", params.refresh ?? "");
  if (!user) return ssoFailureRedirect(context, new SamlFailure("ticket", "the sign-in ticket is unknown, used or expired"));
  const { sessions } = context.app;
  await recordSignIn(context.db, user.employeeId);
  const session = await sessions.startFor(context.tenant, user.employeeId, await getSession(args));
  context.log.info({ event: "login_succeeded", employeeId: user.employeeId, method: "saml" }, "signed in");
  return redirect(safeRedirectPath(user.redirectTo), { headers: { "Set-Cookie": await sessions.commit(session, request) } });
}
