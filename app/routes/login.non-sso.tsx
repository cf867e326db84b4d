import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { safeRedirectPath } from "~/modules/auth/safe-redirect";
import { ssoApplies } from "~/modules/auth/saml/sso-applies";

/** The spec: /login/non-sso redirects to /login, there showing the password form even where SSO applies. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  const query = new URLSearchParams();
  if (ssoApplies(context.tenant.config)) query.set("method", "password");
  if (redirectTo) query.set("redirectTo", safeRedirectPath(redirectTo));
  return redirect(query.size > 0 ? `/login?${query}` : "/login");
}
