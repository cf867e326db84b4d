import type { ReportType } from "~/modules/plugins/manifest";
import { calendarDayIn } from "~/modules/time/zones";
import { milestoneLabel } from "./rules";

const eventWords = { BIRTHDAY: "Birthday", ANNIVERSARY: "Work anniversary", MILESTONE: "Program milestone" } as const;

/** Every milestone celebrated in the period: whose, which, and whether it was posted to the feed. */
export const milestonesReport: ReportType = {
  id: "milestones.milestones",
  title: "Milestones",
  columns: [
    { key: "date", label: "Date" },
    { key: "employeeCode", label: "Employee code" },
    { key: "employee", label: "Employee" },
    { key: "kind", label: "Kind" },
    { key: "milestone", label: "Milestone" },
    { key: "onFeed", label: "On the feed" },
  ],
  async rows({ db, start, end, timeZone }) {
    const rows = await db
      .selectFrom("milestone")
      .innerJoin("employee", "employee.id", "milestone.employee_id")
      .select(["milestone.day", "milestone.event", "milestone.years", "milestone.type_label", "milestone.feed_item_id", "employee.employee_code", "employee.display_name"])
      .where("milestone.day", ">=", calendarDayIn(start, timeZone))
      .where("milestone.day", "<=", calendarDayIn(end, timeZone))
      .orderBy("milestone.day")
      .orderBy("employee.display_name")
      .orderBy("milestone.id")
      .execute();
    return rows.map((row) => ({
      date: row.day,
      employeeCode: row.employee_code,
      employee: row.display_name,
      kind: eventWords[row.event],
      milestone: milestoneLabel({ event: row.event, years: row.years, typeLabel: row.type_label }),
      onFeed: row.feed_item_id === null ? "No" : "Yes",
    }));
  },
};
