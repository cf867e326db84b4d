import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { refuseToFeed } from "~/modules/auth/guards.server";
import { rowId } from "~/utils/row-id";
import type { IncentiveShown } from "./components/incentive-header";
import { canCreateIncentives, INCENTIVE_NOT_FOUND, requireIncentives } from "./guards.server";
import { readIncentive, takesPart, type IncentiveView } from "./read.server";

/** The incentive as participants read it. */
export function shownOf(incentive: IncentiveView): IncentiveShown {
  const { id, title, description, icon, color, startDate, endDate, phase, rewardType, rewardPointType, pointsAmount, quantity, rewardDescription, participationLimit, submissionInstructions } = incentive;
  return { id, title, description, icon, color, startDate, endDate, phase, rewardType, rewardPointType, pointsAmount, quantity, rewardDescription, participationLimit, submissionInstructions };
}

/**
 * A created incentive of the program, for anyone signed in to it; a draft only for those who make
 * incentives (sent to its steps). None, or a draft for anyone else, goes to /feed.
 */
export async function requireCreatedIncentive(args: LoaderFunctionArgs) {
  const access = await requireIncentives(args);
  const id = rowId(args.params.id);
  const incentive = id === null ? null : await readIncentive(access.db, id, access.today);
  if (incentive && !incentive.published && canCreateIncentives(access.viewer)) throw redirect(`/incentives/manage-incentives/edit/${incentive.id}/details`);
  if (!incentive || !incentive.published) return refuseToFeed(args, INCENTIVE_NOT_FOUND);
  return { access, incentive, participates: access.options.myIncentivesEnabled && (await takesPart(access.db, incentive, access.viewer.employee.id)) };
}
