import { z } from "zod";
import { defineJob, defineSchedule } from "~/modules/jobs/job";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { notify } from "~/modules/notifications/delivery.server";
import type { AppServices } from "~/modules/services.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { addDays } from "~/modules/time/calendar-days";
import { calendarDayIn } from "~/modules/time/zones";

/**
 * The day's board reminders, each sent once (its key names the board and the day it is about):
 * the people invited to a board closing tomorrow who have not written on it yet are told it closes
 * soon; the creator of a board whose last day was yesterday is told it is ready to review and deliver.
 */
export async function remindAboutBoards(app: AppServices, tenant: Tenant, db: ProgramDb, now: Date) {
  const today = calendarDayIn(now, tenant.config.program.timeZone);
  const closing = await db
    .selectFrom("celebration_board as b")
    .innerJoin("celebration_board_contributor as i", "i.board_id", "b.id")
    .innerJoin("employee as r", "r.id", "b.recipient_id")
    .select(["b.id", "b.title", "r.display_name as recipient", "i.employee_id"])
    .where("b.status", "=", "OPEN")
    .where("b.closes_on", "=", addDays(today, 1))
    .where((eb) => eb.not(eb.exists(eb.selectFrom("celebration_board_contribution as n").whereRef("n.board_id", "=", "b.id").whereRef("n.author_id", "=", "i.employee_id"))))
    .execute();
  const boards = new Map<number, typeof closing>();
  for (const row of closing) boards.set(row.id, [...(boards.get(row.id) ?? []), row]);
  for (const [id, rows] of boards) {
    const { title, recipient } = rows[0]!;
    const message = `The celebration board for ${recipient} closes tomorrow: write your message on "${title}" today.`;
    await notify(app, tenant, db, rows.map((row) => row.employee_id), { type: "CELEBRATION_BOARD_CLOSING_SOON", message, link: `/celebration-board/${id}`, foreignId: String(id) }, `celebration-board:${id}:closing:${today}`);
  }
  const ready = await db
    .selectFrom("celebration_board as b")
    .innerJoin("employee as r", "r.id", "b.recipient_id")
    .select(["b.id", "b.title", "b.creator_id", "r.display_name as recipient"])
    .where("b.status", "=", "OPEN")
    .where("b.closes_on", "=", addDays(today, -1))
    .execute();
  for (const board of ready) {
    const message = `The celebration board for ${board.recipient} is closed: review "${board.title}" and deliver it.`;
    await notify(app, tenant, db, [board.creator_id], { type: "CELEBRATION_BOARD_REVIEW_READY", message, link: `/celebration-board/${board.id}`, foreignId: String(board.id) }, `celebration-board:${board.id}:ready:${today}`);
  }
  return boards.size + ready.length;
}

export const boardRemindersJob = defineJob({
  name: "celebration-boards.remind",
  data: z.object({}),
  async run({ app, tenant, db, log }) {
    const told = await remindAboutBoards(app, tenant, db, new Date());
    if (told > 0) log.info({ event: "celebration_board_reminders", boards: told }, "celebration board reminders sent");
  },
});

/** Each morning at 09:00, in the program's time zone. */
export const dailyBoardReminders = defineSchedule({ id: "remind", cron: "0 9 * * *", job: boardRemindersJob, data: {} });
