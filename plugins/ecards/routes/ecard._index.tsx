import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireEcards } from "../guards.server";

/** The spec's /ecard entry: the eCards received. */
export async function loader(args: LoaderFunctionArgs) {
  await requireEcards(args);
  return redirect("/ecard/received");
}
