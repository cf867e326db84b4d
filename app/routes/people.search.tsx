import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/modules/auth/guards.server";
import { lookUpPeople } from "~/modules/people/lookup.server";
import { lookupPurpose, lookupScope } from "~/modules/people/scope.server";
import { rowId } from "~/utils/row-id";

/** The recipient lookup for pickers with JavaScript: ?q=text&for=people|mentions|<a plugin's filter>&exclude=1,2. */
export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  const url = new URL(args.request.url);
  const purpose = lookupPurpose(viewer, args.context.app.registry, url.searchParams.get("for"));
  const exclude = (url.searchParams.get("exclude") ?? "")
    .split(",")
    .map(rowId)
    .filter((id) => id !== null)
    .slice(0, 500);
  const text = (url.searchParams.get("q") ?? "").slice(0, 100);
  const result = await lookUpPeople(args.context.db, text, lookupScope(viewer, args.context.app.registry, purpose, exclude));
  return json(result);
}
