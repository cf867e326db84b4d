import type { ReportType } from "~/modules/plugins/manifest";
import { transferKindLabel } from "~/modules/points/transfer-labels";
import { calendarDayIn } from "~/modules/time/zones";

/** The core's report: every credit to someone's points to spend in the period, with where it came from. */
export const pointsEarnedReport: ReportType = {
  id: "core.points-earned",
  title: "Points earned",
  columns: [
    { key: "date", label: "Date" },
    { key: "employeeCode", label: "Employee code" },
    { key: "name", label: "Name" },
    { key: "source", label: "Source" },
    { key: "points", label: "Points" },
    { key: "reason", label: "Reason" },
  ],
  async rows({ db, start, end, timeZone, registry }) {
    const rows = await db
      .selectFrom("points_entry")
      .innerJoin("points_account", "points_account.id", "points_entry.account_id")
      .innerJoin("points_transfer", "points_transfer.id", "points_entry.transfer_id")
      .innerJoin("employee", "employee.id", "points_account.employee_id")
      .select(["points_entry.created_at", "employee.employee_code", "employee.display_name", "points_transfer.kind", "points_entry.amount", "points_transfer.reason"])
      .where("points_account.kind", "=", "SHOPPING")
      .where("points_entry.amount", ">", 0)
      .where("points_entry.created_at", ">=", start)
      .where("points_entry.created_at", "<=", end)
      .orderBy("points_entry.id")
      .execute();
    return rows.map((row) => ({
      date: calendarDayIn(row.created_at, timeZone),
      employeeCode: row.employee_code,
      name: row.display_name,
      source: transferKindLabel(registry, row.kind),
      points: Number(row.amount),
      reason: row.reason,
    }));
  },
};
