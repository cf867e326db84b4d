import { redirect } from "@remix-run/node";

/** The spec's /delegate took tokens in the query; with server sessions, delegating starts at /delegation. */
export const loader = () => redirect("/delegation");
