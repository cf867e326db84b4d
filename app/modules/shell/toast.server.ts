import { redirect } from "@remix-run/node";
import { getSession, type GuardArgs } from "~/modules/auth/guards.server";
import type { AppSession, Toast } from "~/modules/auth/session.server";

/** Redirects and shows `toast` in the snackbar of the next page (in `session`, when the action just started a new one). */
export async function redirectWithToast(args: GuardArgs, to: string, toast: Toast, init?: ResponseInit & { session?: AppSession }) {
  const session = init?.session ?? (await getSession(args));
  session.flash("toast", toast);
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await args.context.app.sessions.commit(session, args.request));
  return redirect(to, { ...init, headers });
}
