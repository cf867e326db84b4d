import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/modules/auth/guards.server";
import { historyKinds, type HistoryKind } from "~/modules/points/access";

/** /transaction-history opens the first history the employee has. */
export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  const kind = (Object.keys(historyKinds) as HistoryKind[]).find((k) => historyKinds[k].allowed(viewer));
  return redirect(kind ? `/transaction-history/${kind}` : "/feed");
}
