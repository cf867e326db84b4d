import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireNominations } from "../guards.server";

/** /nomination opens the nominations one received. */
export async function loader(args: LoaderFunctionArgs) {
  await requireNominations(args);
  return redirect("/nomination/received");
}
