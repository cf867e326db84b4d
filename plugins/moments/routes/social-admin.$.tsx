import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

/** The spec's /social-admin: another name for /admin and everything under it. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const rest = params["*"] ? `/${params["*"]}` : "";
  return redirect(`/admin${rest}${new URL(request.url).search}`, 301);
}
