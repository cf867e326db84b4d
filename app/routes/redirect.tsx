import type { LoaderFunctionArgs } from "@remix-run/node";
import { HashRedirect } from "~/components/hash-redirect";
import { redirectToQueryPath } from "~/modules/auth/redirect-route.server";

export const loader = (args: LoaderFunctionArgs) => redirectToQueryPath(args);

export default HashRedirect;
