import type { LoaderFunctionArgs } from "@remix-run/node";
import { ssoFailureRedirect } from "~/modules/auth/saml/sso-failure.server";

/** SP-initiated sign-in: off to the program's IdP, with the saved path as RelayState. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    const name = await context.app.sso.strategyName(context.tenant);
    return await context.app.authenticator.authenticate(name, request, { context });
  } catch (error) {
    return ssoFailureRedirect(context, error);
  }
}
