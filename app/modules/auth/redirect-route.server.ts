import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getViewer } from "./guards.server";
import { safeRedirectPath } from "./safe-redirect";

/**
 * The spec's /redirect and /email/redirect: a signed-in user goes to the query
 * path, a visitor to login with the path saved. Only same-site relative paths
 * are followed; anything else ends on /feed. With no path in the query the page
 * answers itself, since a hash (also a path, in the spec) never reaches the server.
 */
export async function redirectToQueryPath(args: LoaderFunctionArgs) {
  const target = new URL(args.request.url).searchParams.get("path");
  if (target === null) return json(null);
  const path = safeRedirectPath(target);
  if (await getViewer(args)) return redirect(path);
  return redirect(path === "/feed" ? "/login" : `/login?${new URLSearchParams({ redirectTo: path })}`);
}
