import { redirect, type AppLoadContext } from "@remix-run/node";
import { SamlFailure } from "./failure";
import { SSO_PATHS } from "./single-sign-on.server";

/**
 * Where a failed single sign-on lands: the error page, with only the reason in
 * the URL (its text comes from our own list), and a log line with the detail.
 * Anything that is not a SAML failure is not ours to explain and is rethrown.
 */
export function ssoFailureRedirect(context: AppLoadContext, error: unknown) {
  if (error instanceof Response) return error;
  if (!(error instanceof SamlFailure)) throw error;
  context.log.warn({ event: "sso_failed", reason: error.reason, detail: error.message }, "single sign-on failed");
  return redirect(`${SSO_PATHS.error}?reason=${error.reason}`, 303);
}
