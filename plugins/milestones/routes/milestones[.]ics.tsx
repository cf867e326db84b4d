import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/modules/auth/guards.server";
import { calendarOwner, milestoneCalendar, type CalendarScope } from "../calendar.server";

/**
 * The spec's calendar file (ics/milestonefeed): the next year's milestones of the person's team
 * (`scope=team`, the default) or of everyone (`scope=program`). Signed in, it downloads; with
 * `token=` (a calendar app's subscription, which carries no session) it is served to whoever
 * holds the person's current token, and a revoked or wrong token finds nothing.
 */
export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const scope: CalendarScope = url.searchParams.get("scope") === "program" ? "program" : "team";
  const token = url.searchParams.get("token");
  const { db, tenant } = args.context;
  let employeeId: number;
  if (token !== null) {
    const owner = await calendarOwner(db, token);
    if (owner === null) throw new Response("This calendar address is no longer valid.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    employeeId = owner;
  } else {
    employeeId = (await requireViewer(args)).employee.id;
  }
  const body = await milestoneCalendar(db, tenant.config, { employeeId, scope, origin: url.origin });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `${token === null ? "attachment" : "inline"}; filename="milestones-${scope}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
