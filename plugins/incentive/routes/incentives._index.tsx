import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { incentivesNav, requireIncentives } from "../guards.server";

/** The spec's named routes: the dashboard for those who make incentives, submissions for approvers, one's own incentives for everyone else. */
export async function loader(args: LoaderFunctionArgs) {
  const nav = await incentivesNav(await requireIncentives(args));
  if (nav.dashboard) return redirect("/incentives/dashboard");
  if (nav.submissions) return redirect("/incentives/submissions");
  return redirect("/incentives/my-incentives");
}
