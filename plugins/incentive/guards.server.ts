import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { refuseToFeed, requireViewer } from "~/modules/auth/guards.server";
import type { Viewer } from "~/modules/auth/viewer";
import { pluginOptions } from "~/modules/plugins/plugin-options";
import type { RecognitionAccess } from "~/modules/recognition/people-step.server";
import type { TenantConfig } from "~/modules/tenants/tenant";
import { calendarDayIn } from "~/modules/time/zones";
import { rowId } from "~/utils/row-id";
import { incentivesOptions } from "./options";
import { hasIncentives, readIncentive } from "./read.server";
import { isIncentiveApprover, PLUGIN_ID } from "./rules";

export const INCENTIVE_NOT_FOUND = "That incentive can't be found.";

function incentivesOptionsOf(config: TenantConfig) {
  return pluginOptions(incentivesOptions, config.features[PLUGIN_ID]);
}

/** Any incentives page: a signed-in person of a program with incentives on (the spec's incentiveEnabled: the plugin's routes are off otherwise). */
export async function requireIncentives(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  const access: RecognitionAccess = { viewer, db: args.context.db, registry: args.context.app.registry };
  const today = calendarDayIn(new Date(), viewer.tenant.program.timeZone);
  return { ...access, options: incentivesOptionsOf(viewer.tenant), app: args.context.app, tenant: args.context.tenant, today };
}

export type IncentivesAccess = Awaited<ReturnType<typeof requireIncentives>>;

/** The spec's canCreateIncentives: makes and manages the program's incentives. */
export function canCreateIncentives(viewer: Viewer) {
  return viewer.employee.permissions.canCreateIncentives === true;
}

/** Whether a part of the plugin is on for the viewer: its guard flag, and for the creators' parts the permission. */
function offers(access: Pick<IncentivesAccess, "viewer" | "options">, part: "dashboard" | "manage") {
  const flag = part === "dashboard" ? access.options.dashboardEnabled : access.options.manageIncentivesEnabled;
  return flag && canCreateIncentives(access.viewer);
}

/** The dashboard or the managing pages: the spec's guards and canCreateIncentives, otherwise the viewer's own incentives. */
export async function requireIncentiveCreator(args: LoaderFunctionArgs, part: "dashboard" | "manage") {
  const access = await requireIncentives(args);
  if (!offers(access, part)) throw redirect("/incentives/my-incentives");
  return access;
}

/** An incentive to manage (edit its steps, pause, end, delete), draft or not; none sends the viewer to the list. */
export async function requireManagedIncentive(args: LoaderFunctionArgs) {
  const access = await requireIncentiveCreator(args, "manage");
  const id = rowId(args.params.id);
  const incentive = id === null ? null : await readIncentive(access.db, id, access.today);
  if (!incentive) return refuseToFeed(args, INCENTIVE_NOT_FOUND);
  return { access, incentive };
}

/** Which of the area's pages the viewer may open (its tabs): the spec's guards with who the viewer is. */
export async function incentivesNav(access: IncentivesAccess) {
  const { options, viewer, db } = access;
  const mine = options.myIncentivesEnabled && (await hasIncentives(db, viewer.employee.id));
  return { dashboard: offers(access, "dashboard"), manage: offers(access, "manage"), submissions: options.submissionsEnabled && isIncentiveApprover(viewer), mine };
}

/** The submissions pages: the spec's submissionsEnabled, for an incentive approver or a program manager; anyone else goes to their own incentives. */
export async function requireReviewer(args: LoaderFunctionArgs) {
  const access = await requireIncentives(args);
  if (!access.options.submissionsEnabled || !isIncentiveApprover(access.viewer)) throw redirect("/incentives/my-incentives");
  return access;
}
