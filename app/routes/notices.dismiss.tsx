import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getSession } from "~/modules/auth/guards.server";
import { safeRedirectPath } from "~/modules/auth/safe-redirect";

const DismissSchema = z.object({
  noticeKey: z.string().regex(/^(global|program:[a-z0-9-]{1,40})$/),
  redirectTo: z.string().optional(),
});

/** Closing a site notice: remembered for the rest of the session. */
export async function action(args: ActionFunctionArgs) {
  const parsed = DismissSchema.safeParse(Object.fromEntries(await args.request.formData()));
  if (!parsed.success) return json({ ok: false }, { status: 400 });
  const session = await getSession(args);
  const dismissed = new Set(session.get("dismissedNotices") ?? []);
  dismissed.add(parsed.data.noticeKey);
  session.set("dismissedNotices", [...dismissed]);
  return redirect(safeRedirectPath(parsed.data.redirectTo), {
    headers: { "Set-Cookie": await args.context.app.sessions.commit(session, args.request) },
  });
}

export function loader() {
  return redirect("/feed");
}
