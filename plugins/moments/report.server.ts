import { sql } from "kysely";
import type { ReportType } from "~/modules/plugins/manifest";
import { formatInstant } from "~/modules/time/zones";
import { reasonLabel, statusWord } from "./moderation";
import type { SocialStatus } from "./schema";

/** The spec's 'social flagged' report: every report made in the period, what it was about, and where its item stands. Moderators may run it too. */
export const socialFlaggedReport: ReportType = {
  id: "moments.social-flagged",
  title: "Social flagged",
  permission: "isSocialModerator",
  columns: [
    { key: "reported", label: "Reported" },
    { key: "item", label: "Item" },
    { key: "itemId", label: "Item id" },
    { key: "author", label: "Author" },
    { key: "text", label: "Text" },
    { key: "reporter", label: "Reported by" },
    { key: "reason", label: "Reason" },
    { key: "details", label: "Details" },
    { key: "status", label: "Status" },
  ],
  async rows({ db, start, end, timeZone }) {
    const rows = await db
      .selectFrom("post_report")
      .innerJoin("employee as reporter", "reporter.id", "post_report.employee_id")
      .leftJoin("post", (join) => join.onRef("post.id", "=", "post_report.post_id").on("post_report.comment_id", "is", null))
      .leftJoin("post_comment", "post_comment.id", "post_report.comment_id")
      .leftJoin("feed_item", "feed_item.id", "post_report.post_id")
      .leftJoin("employee as author", (join) => join.on((eb) => eb("author.id", "=", eb.fn.coalesce("post_comment.employee_id", "feed_item.author_id"))))
      .select([
        "post_report.created_at",
        "post_report.post_id",
        "post_report.comment_id",
        "post_report.reason",
        "post_report.details",
        "post_report.status as report_status",
        "reporter.display_name as reporter",
        "author.display_name as author",
        sql<string>`coalesce(post_comment.text, post.text, '')`.as("text"),
        sql<SocialStatus>`coalesce(post_comment.status, post.status, 'PUBLISHED')`.as("status"),
      ])
      .where("post_report.created_at", ">=", start)
      .where("post_report.created_at", "<=", end)
      .orderBy("post_report.created_at")
      .orderBy("post_report.id")
      .execute();
    return rows.map((row) => ({
      reported: formatInstant(row.created_at, timeZone, null),
      item: row.comment_id === null ? "Post" : "Comment",
      itemId: row.comment_id ?? row.post_id,
      author: row.author,
      text: row.text,
      reporter: row.reporter,
      reason: reasonLabel(row.reason),
      details: row.details,
      status: statusWord(row.status, row.report_status === "new" ? 1 : 0),
    }));
  },
};
