import { sql } from "kysely";
import type { ReportType } from "~/modules/plugins/manifest";
import { calendarDayIn } from "~/modules/time/zones";

/** Every eCard sent in the period, a row per recipient: who sent it to whom (with the recipient's groups), and the points given. */
export const ecardsReport: ReportType = {
  id: "ecards.sent",
  title: "eCards sent",
  columns: [
    { key: "date", label: "Date" },
    { key: "ecard", label: "eCard" },
    { key: "senderCode", label: "Sender's employee code" },
    { key: "sender", label: "Sender" },
    { key: "recipientCode", label: "Recipient's employee code" },
    { key: "recipient", label: "Recipient" },
    { key: "groups", label: "Recipient's groups" },
    { key: "points", label: "Points" },
    { key: "public", label: "Public" },
  ],
  async rows({ db, start, end, timeZone }) {
    const rows = await db
      .selectFrom("ecard_recipient")
      .innerJoin("ecard", "ecard.id", "ecard_recipient.ecard_id")
      .innerJoin("employee as sender", "sender.id", "ecard.sender_id")
      .innerJoin("employee as recipient", "recipient.id", "ecard_recipient.employee_id")
      .select((eb) => [
        "ecard.id",
        "ecard.sent_at",
        "ecard.is_public",
        "sender.employee_code as sender_code",
        "sender.display_name as sender_name",
        "recipient.employee_code as recipient_code",
        "recipient.display_name as recipient_name",
        "ecard_recipient.points",
        "ecard_recipient.points_paid",
        eb
          .selectFrom("employee_group_member as m")
          .innerJoin("employee_group as g", "g.id", "m.group_id")
          .select(sql<string | null>`string_agg(g.name, ', ' order by g.name)`.as("names"))
          .whereRef("m.employee_id", "=", "recipient.id")
          .as("groups"),
      ])
      .where("ecard.status", "=", "SENT")
      .where("ecard_recipient.status", "=", "DELIVERED")
      .where("ecard.sent_at", ">=", start)
      .where("ecard.sent_at", "<=", end)
      .orderBy("ecard.id")
      .orderBy("ecard_recipient.id")
      .execute();
    return rows.map((row) => ({
      date: calendarDayIn(row.sent_at!, timeZone),
      ecard: row.id,
      senderCode: row.sender_code,
      sender: row.sender_name,
      recipientCode: row.recipient_code,
      recipient: row.recipient_name,
      groups: row.groups ?? "",
      points: row.points_paid ? row.points : null,
      public: row.is_public ? "Yes" : "No",
    }));
  },
};
