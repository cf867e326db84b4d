import { z } from "zod";
import { isProgramManager, type Viewer } from "~/modules/auth/viewer";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { ReportType } from "~/modules/plugins/manifest";
import type { Registry } from "~/modules/plugins/registry";
import { endOfDayIn } from "~/modules/time/zones";
import { TZDate } from "@date-fns/tz";

/** A report covers at most this many days. */
export const REPORT_MAX_DAYS = 366;
/** Rows the page shows; the CSV download has them all. */
export const REPORT_PAGE_ROWS = 200;

/** The report types this viewer may run: program managers every one; others those whose permission they have. */
export function reportsFor(viewer: Viewer, registry: Registry): ReportType[] {
  return registry
    .reportTypes(viewer.tenant)
    .filter((report) => isProgramManager(viewer) || (report.permission !== undefined && viewer.employee.permissions[report.permission] === true));
}

/** A calendar day as a date field sends it ("2026-05-01"), one that exists (not 31 February). */
const day = z.string().refine((value) => {
  const date = new Date(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}, "Enter a date");

/** What the reports form asks: one of the viewer's reports, and a period of at most REPORT_MAX_DAYS days. */
export function reportQuerySchema(reports: readonly ReportType[]) {
  const ids = reports.map((report) => report.id);
  return z
    .object({
      report: z.string().refine((id) => ids.includes(id), "Choose a report"),
      start: day,
      end: day,
    })
    .superRefine(({ start, end }, ctx) => {
      const days = (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;
      if (days < 1) ctx.addIssue({ code: "custom", path: ["end"], message: "The end date must be on or after the start date" });
      else if (days > REPORT_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["end"], message: `A report covers at most ${REPORT_MAX_DAYS} days` });
    });
}

export type ReportQuery = z.infer<ReturnType<typeof reportQuerySchema>>;

/** Runs a report over whole days of the program's time zone. */
export async function runReport(report: ReportType, query: ReportQuery, args: { db: ProgramDb; registry: Registry; timeZone: string }) {
  const [year, month, date] = query.start.split("-").map(Number) as [number, number, number];
  const start = new Date(new TZDate(year, month - 1, date, args.timeZone).getTime());
  return report.rows({ ...args, start, end: endOfDayIn(query.end, args.timeZone) });
}
