import type { ReportType } from "~/modules/plugins/manifest";
import { calendarDayIn } from "~/modules/time/zones";
import type { SubmissionStatus } from "./schema";

const statusWords: Record<SubmissionStatus, string> = { PENDING: "Waiting for review", APPROVED: "Approved", DENIED: "Denied" };

/** Every submission sent in the period: to which incentive, by whom, how it was reviewed and by whom, and the points it paid. */
export const submissionsReport: ReportType = {
  id: "incentive.submissions",
  title: "Incentive submissions",
  permission: "canCreateIncentives",
  columns: [
    { key: "date", label: "Date" },
    { key: "submission", label: "Submission" },
    { key: "incentive", label: "Incentive" },
    { key: "participantCode", label: "Participant's employee code" },
    { key: "participant", label: "Participant" },
    { key: "status", label: "Status" },
    { key: "reviewer", label: "Reviewer" },
    { key: "reviewed", label: "Reviewed on" },
    { key: "points", label: "Points paid" },
  ],
  async rows({ db, start, end, timeZone }) {
    const rows = await db
      .selectFrom("incentive_submission as s")
      .innerJoin("incentive as i", "i.id", "s.incentive_id")
      .innerJoin("employee as participant", "participant.id", "s.employee_id")
      .leftJoin("employee as reviewer", "reviewer.id", "s.reviewer_id")
      .select([
        "s.id",
        "s.created_at",
        "s.status",
        "s.reviewed_at",
        "s.points_paid",
        "i.title",
        "participant.employee_code as participant_code",
        "participant.display_name as participant_name",
        "reviewer.display_name as reviewer_name",
      ])
      .where("s.created_at", ">=", start)
      .where("s.created_at", "<=", end)
      .orderBy("s.id")
      .execute();
    return rows.map((row) => ({
      date: calendarDayIn(row.created_at, timeZone),
      submission: row.id,
      incentive: row.title,
      participantCode: row.participant_code,
      participant: row.participant_name,
      status: statusWords[row.status],
      reviewer: row.reviewer_name ?? "",
      reviewed: row.reviewed_at ? calendarDayIn(row.reviewed_at, timeZone) : "",
      points: row.points_paid ?? 0,
    }));
  },
};
