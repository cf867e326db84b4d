import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/modules/auth/guards.server";
import { wantsDocument } from "~/modules/http/document-request";
import { hideWelcomePost } from "../welcome.server";

/** Closing the welcome post (the spec's employee/welcome/post/hide): for good, unless the program pinned it. */
export async function action(args: ActionFunctionArgs) {
  const viewer = await requireViewer(args);
  const hidden = await hideWelcomePost(args.context.db, viewer.tenant.siteConfig, viewer.employee.id);
  if (!wantsDocument(args.request)) return json({ hidden }, { status: hidden ? 200 : 409 });
  return redirect("/feed");
}

export function loader() {
  return redirect("/feed");
}
