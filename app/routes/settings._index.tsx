import { redirect } from "@remix-run/node";

/** The spec: security is the default settings section. */
export const loader = () => redirect("/settings/security");
