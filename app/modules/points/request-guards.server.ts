import { NOT_ALLOWED, refuseToFeed, requireViewer, type GuardArgs } from "~/modules/auth/guards.server";
import { canApprovePointsRequests, canRequestPoints } from "./access";

/** The spec's canRequestPoints guard: may ask for points to give, with points accounting on; else /feed. */
export async function requireRequester(args: GuardArgs) {
  const viewer = await requireViewer(args);
  if (!canRequestPoints(viewer)) await refuseToFeed(args, NOT_ALLOWED);
  return viewer;
}

/** The spec's canApprovePointsRequests guard: a discretionary approver, with points accounting on; else /feed. */
export async function requireApprover(args: GuardArgs) {
  const viewer = await requireViewer(args);
  if (!canApprovePointsRequests(viewer)) await refuseToFeed(args, NOT_ALLOWED);
  return viewer;
}
