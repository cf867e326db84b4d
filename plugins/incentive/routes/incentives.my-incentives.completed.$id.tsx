import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { rowId } from "~/utils/row-id";
import { requireIncentives } from "../guards.server";

/** The spec's my-incentives/completed/{id}: the incentive's own page shows a completed one (and the submissions made to it). */
export async function loader(args: LoaderFunctionArgs) {
  await requireIncentives(args);
  const id = rowId(args.params.id);
  return redirect(id === null ? "/incentives/my-incentives?filter=COMPLETED" : `/incentives/${id}`);
}
