import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { NOT_ALLOWED, refuseToFeed } from "~/modules/auth/guards.server";
import { formatPoints } from "~/modules/points/accounts";
import { monthLabel } from "~/modules/profile/story";
import { canViewReports } from "~/modules/reports/access";
import { MonthlyChart } from "../components/monthly-chart";
import { requireNominations } from "../guards.server";
import { monthlyNominations } from "../report.server";

export const meta: MetaFunction = () => [{ title: "Nomination metrics | Reports" }];

/** The legacy power-metrics page for nominations: the last twelve months, as a chart and a table (program managers and people with direct reports). */
export async function loader(args: LoaderFunctionArgs) {
  const { db, viewer } = await requireNominations(args);
  if (!canViewReports(viewer)) await refuseToFeed(args, NOT_ALLOWED);
  return json({ months: await monthlyNominations(db, viewer.tenant.program.timeZone) });
}

type Month = ReturnType<typeof useLoaderData<typeof loader>>["months"][number];

const columns: Column<Month>[] = [
  { key: "month", header: "Month", title: true, cell: (month) => monthLabel(month.month) },
  { key: "made", header: "Made", numeric: true, cell: (month) => month.made },
  { key: "approved", header: "Approved", numeric: true, cell: (month) => month.approved },
  { key: "denied", header: "Denied", numeric: true, cell: (month) => month.denied },
  { key: "points", header: "Points paid", numeric: true, cell: (month) => formatPoints(month.points) },
];

export default function NominationMetricsPage() {
  const { months } = useLoaderData<typeof loader>();
  const made = months.reduce((sum, month) => sum + month.made, 0);
  const approved = months.reduce((sum, month) => sum + month.approved, 0);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <Link to="/report" className="text-sm text-brand">
        ← Reports
      </Link>
      <h1 className="text-2xl font-semibold">Nomination metrics</h1>
      <Card>
        <p className="mb-3 text-sm text-slate-700">
          In the last twelve months, {made} nominations were made and {approved} approved.
        </p>
        <MonthlyChart months={months} label={`Nominations made and approved per month over the last twelve months: ${made} made, ${approved} approved.`} />
      </Card>
      <Card>
        <DataTable caption="Nominations per month" columns={columns} rows={months} rowKey={(month) => month.month} />
      </Card>
    </div>
  );
}
