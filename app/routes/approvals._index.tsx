import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { NOT_ALLOWED, refuseToFeed, requireViewer } from "~/modules/auth/guards.server";
import { pendingApprovals } from "~/modules/shell/extension-points";

/** /approvals opens the first list of requests the viewer decides (points requests, and those plugins add); anyone else goes to /feed. */
export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  const [first] = args.context.app.registry.visibleExtensions(viewer, pendingApprovals);
  if (!first) return refuseToFeed(args, NOT_ALLOWED);
  return redirect(first.to);
}
