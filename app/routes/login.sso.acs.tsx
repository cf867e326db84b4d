import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { ssoFailureRedirect } from "~/modules/auth/saml/sso-failure.server";
import { bodyLimit } from "~/modules/http/body-limits";

/** The assertion consumer has nothing to show: a visitor who opens it goes to sign in. */
export const loader = () => redirect("/login");

/** An IdP's signed response carries certificates and attributes: more than a form, still bounded. */
export const handle = bodyLimit(1024 * 1024);

/** The IdP's answer. Verified, it becomes a one-time ticket that the browser redeems on our own site. */
export async function action({ request, context }: ActionFunctionArgs) {
  try {
    const { sso, authenticator } = context.app;
    const user = await authenticator.authenticate(await sso.strategyName(context.tenant), request, { context });
    context.log.info({ event: "sso_verified", employeeId: user.employeeId }, "single sign-on assertion verified");
    return redirect(await sso.issueTicket(context.tenant, user), 303);
  } catch (error) {
    return ssoFailureRedirect(context, error);
  }
}
