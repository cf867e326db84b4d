import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { ReportType } from "~/modules/plugins/manifest";
import { calendarDayIn } from "~/modules/time/zones";
import { statusWords } from "./rules";

/** Every nomination made in the period: who nominated whom, for what, at which level, how it stands, and the points it paid. */
export const nominationsReport: ReportType = {
  id: "nominations.nominations",
  title: "Nominations",
  columns: [
    { key: "date", label: "Date" },
    { key: "nomination", label: "Nomination" },
    { key: "nominatorCode", label: "Nominator's employee code" },
    { key: "nominator", label: "Nominator" },
    { key: "nomineeCode", label: "Nominee's employee code" },
    { key: "nominee", label: "Nominee" },
    { key: "coreValue", label: "Core value" },
    { key: "awardLevel", label: "Award level" },
    { key: "status", label: "Status" },
    { key: "points", label: "Points paid" },
  ],
  async rows({ db, start, end, timeZone }) {
    const rows = await db
      .selectFrom("nomination")
      .innerJoin("employee as nominator", "nominator.id", "nomination.nominator_id")
      .innerJoin("employee as nominee", "nominee.id", "nomination.nominee_id")
      .select([
        "nomination.id",
        "nomination.created_at",
        "nomination.status",
        "nomination.core_value_label",
        "nomination.award_label",
        "nomination.points",
        "nomination.points_paid",
        "nominator.employee_code as nominator_code",
        "nominator.display_name as nominator_name",
        "nominee.employee_code as nominee_code",
        "nominee.display_name as nominee_name",
      ])
      .where("nomination.created_at", ">=", start)
      .where("nomination.created_at", "<=", end)
      .orderBy("nomination.id")
      .execute();
    return rows.map((row) => ({
      date: calendarDayIn(row.created_at, timeZone),
      nomination: row.id,
      nominatorCode: row.nominator_code,
      nominator: row.nominator_name,
      nomineeCode: row.nominee_code,
      nominee: row.nominee_name,
      coreValue: row.core_value_label,
      awardLevel: row.award_label,
      status: statusWords[row.status],
      points: row.points_paid ? row.points : null,
    }));
  },
};

/** The last twelve months' nominations, month by month in the program's time zone: made, approved, denied, and the points paid. */
export async function monthlyNominations(db: ProgramDb, timeZone: string, now = new Date()) {
  const months: string[] = [];
  const current = calendarDayIn(now, timeZone).slice(0, 7);
  let [year, month] = current.split("-").map(Number) as [number, number];
  for (let i = 0; i < 12; i++) {
    months.unshift(`${year}-${String(month).padStart(2, "0")}`);
    month -= 1;
    if (month === 0) [year, month] = [year - 1, 12];
  }
  const monthOf = sql<string>`to_char(nomination.created_at at time zone ${timeZone}, 'YYYY-MM')`;
  const rows = await db
    .selectFrom("nomination")
    .select([
      monthOf.as("month"),
      sql<number>`count(*)::int`.as("made"),
      sql<number>`(count(*) filter (where nomination.status = 'APPROVED'))::int`.as("approved"),
      sql<number>`(count(*) filter (where nomination.status = 'DENIED'))::int`.as("denied"),
      sql<number>`coalesce(sum(nomination.points) filter (where nomination.points_paid), 0)::bigint`.as("points"),
    ])
    .where(monthOf, ">=", months[0]!)
    // By position: the month's expression carries the zone as a parameter, so it is not the same text twice.
    .groupBy(sql`1`)
    .execute();
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return months.map((key) => {
    const row = byMonth.get(key);
    return { month: key, made: row?.made ?? 0, approved: row?.approved ?? 0, denied: row?.denied ?? 0, points: Number(row?.points ?? 0) };
  });
}
