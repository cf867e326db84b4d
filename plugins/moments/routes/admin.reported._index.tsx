import { json, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LocalDate } from "~/components/local-date";
import { Card } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { StatusBadge } from "~/components/ui/status-badge";
import { cn } from "~/utils/cn";
import { pageParam } from "~/utils/page-param";
import { requireSocialAdmin } from "../guards.server";
import { MODERATION_PAGE_SIZE, statusTone } from "../moderation";
import { moderationPath, reportedItems } from "../moderation.server";

export const meta: MetaFunction = () => [{ title: "Reported posts and comments" }];

/** The spec's reported list: newest report first, paged (no infinite scroll here); `?show=all` adds the decided ones. */
export async function loader(args: LoaderFunctionArgs) {
  const { db } = await requireSocialAdmin(args, "reported");
  const all = new URL(args.request.url).searchParams.get("show") === "all";
  const page = pageParam(args.request);
  const { items, hasMore } = await reportedItems(db, { openOnly: !all, page, size: MODERATION_PAGE_SIZE });
  return json({ items: items.map((item) => ({ ...item, href: moderationPath(item.target) })), hasMore, page, all });
}

type Row = SerializeFrom<typeof loader>["items"][number];

const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text || "(no text)");

const columns: Column<Row>[] = [
  {
    key: "item",
    header: "Reported",
    title: true,
    cell: (row) => (
      <Link to={row.href} className="underline">
        {`${row.kind}: ${excerpt(row.text)}`}
      </Link>
    ),
  },
  { key: "author", header: "By", cell: (row) => row.author },
  { key: "status", header: "Status", cell: (row) => <StatusBadge tone={statusTone(row.status)}>{row.status}</StatusBadge> },
  { key: "reports", header: "Reports", numeric: true, cell: (row) => (row.open === row.reports ? String(row.reports) : `${row.open} new of ${row.reports}`) },
  { key: "last", header: "Last reported", cell: (row) => <LocalDate iso={row.lastReported} /> },
];

const tab = (active: boolean) => cn("rounded-full px-3 py-1 text-sm", active ? "bg-slate-900 text-white" : "bg-slate-100 text-slate-900 underline");

export default function ReportedList() {
  const { items, hasMore, page, all } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <Link to="/admin" className="text-sm underline">
        ← Moments Admin
      </Link>
      <h1 className="text-2xl font-semibold">Reported posts and comments</h1>
      <nav aria-label="Which reports" className="flex gap-2">
        <Link to="/admin/reported" className={tab(!all)} aria-current={all ? undefined : "page"}>
          Waiting for a decision
        </Link>
        <Link to="/admin/reported?show=all" className={tab(all)} aria-current={all ? "page" : undefined}>
          All reported
        </Link>
      </nav>
      <Card>
        {items.length === 0 ? (
          <p className="text-sm text-slate-700">{all ? "Nothing has been reported yet." : "Nothing is waiting for a decision."}</p>
        ) : (
          <DataTable caption="Reported posts and comments" columns={columns} rows={items} rowKey={(row) => row.href} />
        )}
        <Pager page={page} hasMore={hasMore} query={{ show: all ? "all" : undefined }} />
      </Card>
    </div>
  );
}
