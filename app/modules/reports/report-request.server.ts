import { z } from "zod";
import { refuseToFeed, NOT_ALLOWED, requireViewer, type GuardArgs } from "~/modules/auth/guards.server";
import { canViewReports } from "./access";
import { reportQuerySchema, reportsFor } from "./reports.server";

/**
 * The reports page's guard and query, shared by the page and its CSV download: the viewer's
 * reports, what the query string asked for (as typed), and either the checked query or the
 * problems by field. Nothing asked yet when the query string names no report.
 */
export async function reportRequest(args: GuardArgs) {
  const viewer = await requireViewer(args);
  if (!canViewReports(viewer)) await refuseToFeed(args, NOT_ALLOWED);
  const reports = reportsFor(viewer, args.context.app.registry);
  const params = new URL(args.request.url).searchParams;
  const typed = { report: params.get("report") ?? "", start: params.get("start") ?? "", end: params.get("end") ?? "" };
  const none: Partial<Record<keyof typeof typed, string[]>> = {};
  if (!params.has("report")) return { viewer, reports, typed, query: null, errors: none };
  const parsed = reportQuerySchema(reports).safeParse(typed);
  if (!parsed.success) return { viewer, reports, typed, query: null, errors: z.flattenError(parsed.error).fieldErrors as typeof none };
  return { viewer, reports, typed, query: parsed.data, errors: none };
}
