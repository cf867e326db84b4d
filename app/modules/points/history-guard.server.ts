import type { LoaderFunctionArgs } from "@remix-run/node";
import { NOT_ALLOWED, refuseToFeed, requireViewer } from "~/modules/auth/guards.server";
import { historyKinds, isHistoryKind } from "./access";

/** The guard of both history pages: a known kind the viewer may see, else the spec's /feed. */
export async function requireHistory(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  const kind = args.params.kind;
  if (!isHistoryKind(kind)) throw new Response("Not found", { status: 404 });
  if (!historyKinds[kind].allowed(viewer)) await refuseToFeed(args, NOT_ALLOWED);
  return { viewer, kind, account: historyKinds[kind].account(viewer.employee.id) };
}
