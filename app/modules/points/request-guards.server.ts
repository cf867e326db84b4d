import { NOT_ALLOWED, refuseToFeed, requireViewer, type GuardArgs } from "~/modules/auth/guards.server";
import { rowId } from "~/utils/row-id";
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

/** A request's numeric id from the URL; anything else is not found. */
export function requestIdParam(value: string | undefined) {
  const id = rowId(value);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

/** The page of a paged list (?page=), 1 for anything that is not one. */
export function pageParam(request: Request) {
  const page = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10);
  return Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}
