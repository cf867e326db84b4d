import type { DemoSeedArgs } from "~/modules/plugins/manifest";
import { addDays } from "~/modules/time/calendar-days";
import { calendarDayIn } from "~/modules/time/zones";
import { publicToken } from "./boards.server";

/**
 * Two boards, so that each box has something to show: an open farewell board the demo manager
 * made for a colleague, which the demo employee is invited to write on (the admin has); and a work
 * anniversary board the admin delivered to the demo employee, with two messages.
 */
export async function seedDemoBoards({ db, tenant, people, everyone }: DemoSeedArgs) {
  const [admin, manager, employee] = [people.get("admin"), people.get("manager"), people.get("employee")];
  const named = new Set(people.values());
  const colleague = everyone.find((id) => !named.has(id));
  if (admin === undefined || manager === undefined || employee === undefined || colleague === undefined) return;
  const today = calendarDayIn(new Date(), tenant.config.program.timeZone);
  const board = (creatorId: number, recipientId: number, fields: { category: "DEPARTURE" | "ANNIVERSARY"; title: string; message: string; closesOn: string; key: string }, delivered: boolean) =>
    db
      .insertInto("celebration_board", {
        creator_id: creatorId,
        recipient_id: recipientId,
        category: fields.category,
        title: fields.title,
        message: fields.message,
        closes_on: fields.closesOn,
        status: delivered ? "APPROVED" : "OPEN",
        approved_at: delivered ? new Date() : null,
        public_token: publicToken(),
        form_key: `demo:${fields.key}`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  const farewell = await board(manager, colleague, { category: "DEPARTURE", title: "Good luck on your next adventure!", message: "Write a few words before Friday.", closesOn: addDays(today, 5), key: "farewell" }, false);
  await db.insertInto("celebration_board_contributor", [admin, employee].map((id) => ({ board_id: farewell.id, employee_id: id }))).execute();
  await db.insertInto("celebration_board_contribution", { board_id: farewell.id, author_id: admin, message: "It was a pleasure working with you. Keep in touch!" }).execute();

  const anniversary = await board(admin, employee, { category: "ANNIVERSARY", title: "Happy work anniversary!", message: "", closesOn: addDays(today, -1), key: "anniversary" }, true);
  await db.insertInto("celebration_board_contributor", [manager, colleague].map((id) => ({ board_id: anniversary.id, employee_id: id }))).execute();
  await db
    .insertInto("celebration_board_contribution", [
      { board_id: anniversary.id, author_id: manager, message: "Another great year: thank you for everything you do for the team." },
      { board_id: anniversary.id, author_id: colleague, message: "Congratulations! Here's to many more." },
    ])
    .execute();
}
