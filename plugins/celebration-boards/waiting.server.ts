import type { CardLoadArgs } from "~/modules/plugins/manifest";
import { calendarDayIn } from "~/modules/time/zones";
import { boardsWaitingFor } from "./read.server";

/** How many boards the notifications page's card lists at most. */
export const WAITING_CARD_SIZE = 3;

/** The notifications page's card: the open boards waiting for the viewer's message. */
export async function waitingCardData({ db, viewer }: Pick<CardLoadArgs, "db" | "viewer">) {
  const today = calendarDayIn(new Date(), viewer.tenant.program.timeZone);
  return { boards: await boardsWaitingFor(db, viewer.employee.id, today, WAITING_CARD_SIZE) };
}
