import { redirect } from "@remix-run/node";

/** The spec: /login/non-sso redirects to /login (the password form). */
export const loader = () => redirect("/login");
