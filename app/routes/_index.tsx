import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getViewer } from "~/modules/auth/guards.server";

/** The spec: / goes to the feed when signed in, else to login. */
export async function loader(args: LoaderFunctionArgs) {
  return redirect((await getViewer(args)) ? "/feed" : "/login");
}
