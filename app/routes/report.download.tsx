import type { LoaderFunctionArgs } from "@remix-run/node";
import { reportRequest } from "~/modules/reports/report-request.server";
import { runReport } from "~/modules/reports/reports.server";
import { csvResponse, toCsv } from "~/utils/csv";

/** A report's every row as CSV, for the query the reports page ran (a bad query goes back to the page, which says why). */
export async function loader(args: LoaderFunctionArgs) {
  const { viewer, reports, query } = await reportRequest(args);
  if (!query) throw new Response("Choose a report and a period on the reports page", { status: 400 });
  const report = reports.find((candidate) => candidate.id === query.report)!;
  const rows = await runReport(report, query, { db: args.context.db, registry: args.context.app.registry, timeZone: viewer.tenant.program.timeZone });
  const csv = toCsv(
    report.columns.map((column) => column.label),
    rows.map((row) => report.columns.map((column) => row[column.key] ?? null)),
  );
  return csvResponse(`${report.id}-${query.start}-${query.end}.csv`, csv);
}
