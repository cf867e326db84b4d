import type { LoaderFunctionArgs } from "@remix-run/node";
import { SamlFailure } from "~/modules/auth/saml/failure";

/** The program's SP metadata, for its IdP administrator. */
export async function loader({ context }: LoaderFunctionArgs) {
  try {
    return new Response(await context.app.sso.metadata(context.tenant), {
      headers: { "Content-Type": "application/samlmetadata+xml; charset=utf-8", "Cache-Control": "no-cache" },
    });
  } catch (error) {
    if (error instanceof SamlFailure) throw new Response("Single sign-on is not set up for this program.", { status: 404 });
    throw error;
  }
}
