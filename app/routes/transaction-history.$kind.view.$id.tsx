import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LocalDate } from "~/components/local-date";
import { Card } from "~/components/ui/card";
import { historyKinds } from "~/modules/points/access";
import { formatPoints } from "~/modules/points/accounts";
import { useRegistry } from "~/modules/plugins/registry-context";
import { transferKindLabel } from "~/modules/points/transfer-labels";
import { historyEntry } from "~/modules/points/history.server";
import { requireHistory } from "~/modules/points/history-guard.server";

export const meta: MetaFunction = () => [{ title: "Transaction" }];

export async function loader(args: LoaderFunctionArgs) {
  const { kind, account } = await requireHistory(args);
  const id = Number.parseInt(args.params.id ?? "", 10);
  const entry = Number.isSafeInteger(id) ? await historyEntry(args.context.db, account, id) : null;
  if (!entry) throw new Response("Not found", { status: 404 });
  return json({ kind, title: historyKinds[kind].title, entry });
}

export default function TransactionPage() {
  const registry = useRegistry();
  const { kind, title, entry } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <Link to={`/transaction-history/${kind}`} className="text-sm text-brand">
        ← {title} history
      </Link>
      <Card>
        <h1 className="mb-4 text-xl font-semibold">
          {entry.amount > 0 ? "+" : "−"}
          {formatPoints(Math.abs(entry.amount))} points
        </h1>
        <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
          <dt className="text-slate-600">Date</dt>
          <dd>
            <LocalDate iso={entry.created} />
          </dd>
          <dt className="text-slate-600">Type</dt>
          <dd>{transferKindLabel(registry, entry.kind)}</dd>
          <dt className="text-slate-600">Description</dt>
          <dd>{entry.reason}</dd>
          {entry.actorName ? (
            <>
              <dt className="text-slate-600">By</dt>
              <dd>{entry.actorName}</dd>
            </>
          ) : null}
          <dt className="text-slate-600">Balance after</dt>
          <dd>{formatPoints(entry.balanceAfter)}</dd>
          <dt className="text-slate-600">Reference</dt>
          <dd>#{entry.id}</dd>
        </dl>
      </Card>
    </div>
  );
}
