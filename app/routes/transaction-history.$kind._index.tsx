import { json, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LocalDate } from "~/components/local-date";
import { Pager } from "~/components/ui/pager";
import { pageParam } from "~/utils/page-param";
import { Card } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { historyKinds, type HistoryKind } from "~/modules/points/access";
import { formatPoints } from "~/modules/points/accounts";
import type { Registry } from "~/modules/plugins/registry";
import { useRegistry } from "~/modules/plugins/registry-context";
import { transferKindLabel } from "~/modules/points/transfer-labels";
import { viewerHistoryPage } from "~/modules/points/history.server";
import { requireHistory } from "~/modules/points/history-guard.server";
import { viewerPointsSummary } from "~/modules/points/ledger.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} history` : "Transaction history" }];

export async function loader(args: LoaderFunctionArgs) {
  const { viewer, kind, account } = await requireHistory(args);
  const page = pageParam(args.request);
  const db = args.context.db;
  const [history, summary] = await Promise.all([viewerHistoryPage({ db, viewer }, account, page), viewerPointsSummary({ db, viewer })]);
  const tabs = (Object.keys(historyKinds) as HistoryKind[])
    .filter((k) => historyKinds[k].allowed(viewer))
    .map((k) => ({ kind: k, title: historyKinds[k].title }));
  const balance = kind === "my-points" ? summary.shoppingPointsAvailable : summary.discretionaryPointsAvailable;
  return json({ kind, title: historyKinds[kind].title, tabs, balance, ...history });
}

type Entry = SerializeFrom<typeof loader>["entries"][number];

function historyColumns(kind: HistoryKind, registry: Registry): Column<Entry>[] {
  return [
    {
      key: "date",
      header: "Date",
      title: true,
      cell: (entry) => (
        <Link to={`/transaction-history/${kind}/view/${entry.id}`} className="text-brand underline-offset-2 hover:underline">
          <LocalDate iso={entry.created} />
        </Link>
      ),
    },
    { key: "description", header: "Description", cell: (entry) => `${transferKindLabel(registry, entry.kind)}: ${entry.reason}` },
    {
      key: "points",
      header: "Points",
      numeric: true,
      cell: (entry) => (
        <span className={entry.amount > 0 ? "font-medium text-emerald-700" : "font-medium text-slate-900"}>
          {entry.amount > 0 ? "+" : "−"}
          {formatPoints(Math.abs(entry.amount))}
        </span>
      ),
    },
    { key: "balance", header: "Balance", numeric: true, cell: (entry) => formatPoints(entry.balanceAfter) },
  ];
}

export default function TransactionHistoryPage() {
  const registry = useRegistry();
  const { kind, title, tabs, balance, entries, page, hasMore } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Transaction history</h1>
      {tabs.length > 1 ? (
        <nav aria-label="Histories" className="flex gap-2">
          {tabs.map((tab) => (
            <Link
              key={tab.kind}
              to={`/transaction-history/${tab.kind}`}
              aria-current={tab.kind === kind ? "page" : undefined}
              className="rounded-full border border-slate-300 px-4 py-1.5 text-sm aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-brand-foreground"
            >
              {tab.title}
            </Link>
          ))}
        </nav>
      ) : null}
      <Card>
        <p className="mb-4 text-sm text-slate-700">
          {title}: <strong className="text-lg text-slate-900">{formatPoints(balance)}</strong> points available
        </p>
        {entries.length === 0 ? (
          <p className="text-slate-700">No transactions yet.</p>
        ) : (
          <DataTable caption={`${title} transactions`} columns={historyColumns(kind, registry)} rows={entries} rowKey={(entry) => entry.id} />
        )}
        <Pager page={page} hasMore={hasMore} />
      </Card>
    </div>
  );
}
