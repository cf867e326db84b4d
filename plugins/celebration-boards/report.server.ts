import type { ReportType } from "~/modules/plugins/manifest";
import { calendarDayIn } from "~/modules/time/zones";
import { boardCategories } from "./categories";

/** Every board made in the period: its category and title, who made it for whom, how many were invited and wrote, and where it stands. */
export const boardsReport: ReportType = {
  id: "celebration-boards.made",
  title: "Celebration boards",
  columns: [
    { key: "date", label: "Date" },
    { key: "board", label: "Board" },
    { key: "category", label: "Category" },
    { key: "title", label: "Title" },
    { key: "creatorCode", label: "Creator's employee code" },
    { key: "creator", label: "Creator" },
    { key: "recipientCode", label: "Recipient's employee code" },
    { key: "recipient", label: "Recipient" },
    { key: "invited", label: "People invited" },
    { key: "messages", label: "Messages" },
    { key: "status", label: "Status" },
    { key: "shared", label: "Shared on the feed" },
  ],
  async rows({ db, start, end, timeZone }) {
    const rows = await db
      .selectFrom("celebration_board as b")
      .innerJoin("employee as creator", "creator.id", "b.creator_id")
      .innerJoin("employee as recipient", "recipient.id", "b.recipient_id")
      .select((eb) => [
        "b.id",
        "b.created_at",
        "b.category",
        "b.title",
        "b.status",
        "b.shared_on_feed",
        "creator.employee_code as creator_code",
        "creator.display_name as creator_name",
        "recipient.employee_code as recipient_code",
        "recipient.display_name as recipient_name",
        eb.selectFrom("celebration_board_contributor as i").select((i) => i.fn.countAll<number>().as("count")).whereRef("i.board_id", "=", "b.id").as("invited"),
        eb.selectFrom("celebration_board_contribution as n").select((n) => n.fn.countAll<number>().as("count")).whereRef("n.board_id", "=", "b.id").as("messages"),
      ])
      .where("b.created_at", ">=", start)
      .where("b.created_at", "<=", end)
      .orderBy("b.id")
      .execute();
    return rows.map((row) => ({
      date: calendarDayIn(row.created_at, timeZone),
      board: row.id,
      category: boardCategories[row.category],
      title: row.title,
      creatorCode: row.creator_code,
      creator: row.creator_name,
      recipientCode: row.recipient_code,
      recipient: row.recipient_name,
      invited: Number(row.invited ?? 0),
      messages: Number(row.messages ?? 0),
      status: row.status === "APPROVED" ? "Delivered" : "Open",
      shared: row.shared_on_feed ? "Yes" : "No",
    }));
  },
};
