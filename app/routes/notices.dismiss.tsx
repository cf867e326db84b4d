import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { safeRedirectPath } from "~/modules/auth/safe-redirect";

const DismissSchema = z.object({
  noticeKey: z.string().regex(/^(global|program:[a-z0-9-]{1,40})$/),
  redirectTo: z.string().optional(),
});

/** Closing a site notice: remembered by this browser in a small signed cookie, nothing stored on the server. */
export async function action(args: ActionFunctionArgs) {
  const parsed = DismissSchema.safeParse(Object.fromEntries(await args.request.formData()));
  if (!parsed.success) return json({ ok: false }, { status: 400 });
  return redirect(safeRedirectPath(parsed.data.redirectTo), {
    headers: { "Set-Cookie": await args.context.app.visitorCookies.dismissNotice(args.request, parsed.data.noticeKey) },
  });
}

export function loader() {
  return redirect("/feed");
}
