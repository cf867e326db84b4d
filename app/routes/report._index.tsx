import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Field, SelectField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DataTable } from "~/components/ui/data-table";
import { reportRequest } from "~/modules/reports/report-request.server";
import { REPORT_PAGE_ROWS, runReport } from "~/modules/reports/reports.server";
import { calendarDayIn } from "~/modules/time/zones";

export const meta: MetaFunction = () => [{ title: "Reports" }];

/** The spec's ReportsPage: choose one of the registered reports and a period; its rows show here, all of them in the CSV. */
export async function loader(args: LoaderFunctionArgs) {
  const { viewer, reports, typed, query, errors } = await reportRequest(args);
  const timeZone = viewer.tenant.program.timeZone;
  const today = calendarDayIn(new Date(), timeZone);
  const offered = reports.map((report) => ({ id: report.id, title: report.title }));
  const form = { report: typed.report, start: typed.start || `${today.slice(0, 8)}01`, end: typed.end || today };
  if (!query) return json({ offered, form, errors, result: null });
  const report = reports.find((candidate) => candidate.id === query.report)!;
  const rows = await runReport(report, query, { db: args.context.db, registry: args.context.app.registry, timeZone });
  const download = `/report/download?${new URLSearchParams(query)}`;
  return json({ offered, form, errors, result: { title: report.title, columns: report.columns, rows: rows.slice(0, REPORT_PAGE_ROWS), total: rows.length, download } });
}

export default function ReportsPage() {
  const { offered, form, errors, result } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Reports</h1>
      {offered.length === 0 ? (
        <Card>
          <p className="text-slate-700">No reports are available to you.</p>
        </Card>
      ) : (
        <Card>
          <Form method="get" className="flex flex-wrap items-start gap-4">
            <SelectField
              label="Report"
              className="flex min-w-56 flex-col gap-1.5"
              props={{ id: "report-type", name: "report", defaultValue: form.report }}
              placeholder="Choose a report"
              options={offered.map((report) => ({ value: report.id, label: report.title }))}
              errors={errors.report}
            />
            <Field label="From" inputProps={{ id: "report-start", name: "start", type: "date", defaultValue: form.start }} errors={errors.start} />
            <Field label="To" inputProps={{ id: "report-end", name: "end", type: "date", defaultValue: form.end }} errors={errors.end} />
            <Button type="submit" className="mt-7">
              Run report
            </Button>
          </Form>
        </Card>
      )}
      {result ? (
        <Card>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold">{result.title}</h2>
            <Link to={result.download} reloadDocument className="text-sm text-brand underline">
              Download CSV ({result.total} {result.total === 1 ? "row" : "rows"})
            </Link>
          </div>
          {result.total === 0 ? (
            <p className="text-slate-700">Nothing in this period.</p>
          ) : (
            <>
              <DataTable
                caption={result.title}
                columns={result.columns.map((column, index) => ({ key: column.key, header: column.label, title: index === 0, cell: ({ row }: { row: Record<string, unknown> }) => String(row[column.key] ?? "") }))}
                rows={result.rows.map((row, number) => ({ number, row }))}
                rowKey={({ number }) => number}
              />
              {result.total > result.rows.length ? <p className="mt-3 text-sm text-slate-700">The first {result.rows.length} of {result.total} rows: the CSV has them all.</p> : null}
            </>
          )}
        </Card>
      ) : null}
    </div>
  );
}
