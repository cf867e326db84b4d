import type { LoaderFunctionArgs } from "@remix-run/node";
import { NOT_ALLOWED, refuseToFeed, requireViewer } from "~/modules/auth/guards.server";
import { isProgramManager } from "~/modules/auth/viewer";
import type { CardLoadArgs } from "~/modules/plugins/manifest";
import { calendarDayIn } from "~/modules/time/zones";
import { milestonesOptionsOf } from "./options";

/** Any milestones page: a signed-in person of a program with milestones on (the spec's usesMilestones: the plugin's routes are off otherwise), and the program's day. */
export async function requireMilestones(args: LoaderFunctionArgs) {
  return milestonesAccess({ viewer: await requireViewer(args), db: args.context.db, app: args.context.app });
}

/** What a milestones page or card works with: the viewer, the program's handle and services, its options and today in its time zone. */
export function milestonesAccess({ viewer, db, app }: Pick<CardLoadArgs, "viewer" | "db" | "app">) {
  return { viewer, db, app, options: milestonesOptionsOf(viewer.tenant), today: calendarDayIn(new Date(), viewer.tenant.program.timeZone) };
}

export type MilestonesAccess = ReturnType<typeof milestonesAccess>;

/** The program's celebrations and letters: program managers only, else /feed. */
export async function requireCelebrationsAdmin(args: LoaderFunctionArgs) {
  const access = await requireMilestones(args);
  if (!isProgramManager(access.viewer)) await refuseToFeed(args, NOT_ALLOWED);
  return access;
}
