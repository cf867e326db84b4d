import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireManagedIncentive } from "../guards.server";

/** The spec's edit/{id}: the steps of managing it, from its details. */
export async function loader(args: LoaderFunctionArgs) {
  const { incentive } = await requireManagedIncentive(args);
  return redirect(`/incentives/manage-incentives/edit/${incentive.id}/details`);
}
