import { redirect } from "@remix-run/node";
import { getSession, type GuardArgs } from "~/modules/auth/guards.server";
import type { AppSession, Toast } from "~/modules/auth/session.server";

/** Redirects and shows `toast` in the snackbar of the next page (in `session`, when the action just started a new one). */
export async function redirectWithToast(args: GuardArgs, to: string, toast: Toast, init?: ResponseInit & { session?: AppSession }) {
  const session = init?.session ?? (await getSession(args));
  const headers = new Headers(init?.headers);
  if (session.get("employeeId")) {
    session.flash("toast", toast);
    headers.append("Set-Cookie", await args.context.app.sessions.commit(session, args.request));
  } else {
    // A visitor has no stored session: the message rides in a short-lived cookie.
    headers.append("Set-Cookie", await args.context.app.visitorCookies.setToast(args.request, toast));
  }
  return redirect(to, { ...init, headers });
}
