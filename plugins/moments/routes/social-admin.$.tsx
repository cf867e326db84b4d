import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

/** The spec's /social-admin: another name for /admin and everything under it (the path as sent, still percent-encoded). */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return redirect(`${url.pathname.replace(/^\/social-admin/, "/admin")}${url.search}`, 301);
}
