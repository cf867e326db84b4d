import { redirect } from "@remix-run/node";
import { getSession, type GuardArgs } from "~/modules/auth/guards.server";
import type { AppSession, Toast } from "~/modules/auth/session.server";
import { isOutage } from "~/modules/http/outage";

/** Redirects and shows `toast` in the snackbar of the next page (in `session`, when the action just started a new one). */
export async function redirectWithToast(args: GuardArgs, to: string, toast: Toast, init?: ResponseInit & { session?: AppSession }) {
  const session = init?.session ?? (await getSession(args));
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await carryToast(args, session, toast));
  return redirect(to, { ...init, headers });
}

/**
 * The Set-Cookie that brings `toast` to the next page: in the session, or in a
 * short-lived cookie for a visitor (who has no stored session) and when the
 * session store was lost after the change was made, so that what was done is
 * still reported as done.
 */
async function carryToast(args: GuardArgs, session: AppSession, toast: Toast) {
  const { sessions, visitorCookies } = args.context.app;
  if (session.get("employeeId")) {
    session.flash("toast", toast);
    try {
      return await sessions.commit(session, args.request);
    } catch (error) {
      if (!isOutage(error)) throw error;
      args.context.log.warn({ event: "toast_session_lost", err: (error as Error).message }, "session store lost; the message goes in a cookie");
    }
  }
  return visitorCookies.setToast(args.request, toast);
}
