import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { getSession, getViewer } from "~/modules/auth/guards.server";
import { redirectWithToast } from "~/modules/shell/toast.server";

/** 'Back to My Profile': a delegate (not an admin delegate) returns to their own identity. */
export async function action(args: ActionFunctionArgs) {
  const viewer = await getViewer(args);
  if (!viewer?.delegation || viewer.delegation.isAdminDelegate) return redirect("/feed");
  const { sessions } = args.context.app;
  const session = await sessions.startFor(args.context.tenant, viewer.delegation.original.id, await getSession(args));
  args.context.log.info({ event: "delegation_ended", delegatorId: viewer.employee.id }, "back to own profile");
  return redirectWithToast(args, "/feed", { type: "info", message: "You are back in your own profile." }, { session });
}

export const loader = () => redirect("/feed");
