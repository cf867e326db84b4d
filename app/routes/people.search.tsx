import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/modules/auth/guards.server";
import { lookUpPeople } from "~/modules/people/lookup.server";
import { lookupPurposes, lookupScope, type LookupPurpose } from "~/modules/people/scope.server";
import { rowId } from "~/utils/row-id";

/** The recipient lookup for pickers with JavaScript: ?q=text&for=people|mentions|nominees|ecards&exclude=1,2. */
export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  const url = new URL(args.request.url);
  const requested = url.searchParams.get("for") ?? "people";
  const purpose: LookupPurpose = (lookupPurposes as readonly string[]).includes(requested) ? (requested as LookupPurpose) : "people";
  const exclude = (url.searchParams.get("exclude") ?? "")
    .split(",")
    .map(rowId)
    .filter((id) => id !== null)
    .slice(0, 500);
  const text = (url.searchParams.get("q") ?? "").slice(0, 100);
  const result = await lookUpPeople(args.context.db, text, lookupScope(viewer, args.context.app.registry, purpose, exclude));
  return json(result);
}
