import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { APPROVAL_TYPES, BELL_LIMIT, NOTIFICATION_PAGE_SIZE, type NotificationItem } from "./notifications";

/** A page of someone's notifications, newest first; `before` is the last id of the page before. */
export async function notificationPage(db: ProgramDb, employeeId: number, before?: number) {
  const rows = await db
    .selectFrom("notification")
    .select(["id", "type", "message", "link", "is_read", "created_at"])
    .where("employee_id", "=", employeeId)
    .$if(before !== undefined, (query) => query.where("id", "<", before!))
    .orderBy("id", "desc")
    .limit(NOTIFICATION_PAGE_SIZE + 1)
    .execute();
  const items: NotificationItem[] = rows.slice(0, NOTIFICATION_PAGE_SIZE).map((row) => ({
    id: row.id,
    type: row.type,
    message: row.message,
    link: row.link,
    isRead: row.is_read,
    created: row.created_at.toISOString(),
  }));
  return { items, next: rows.length > NOTIFICATION_PAGE_SIZE ? items.at(-1)!.id : null };
}

/** Unread notifications, counted up to BELL_LIMIT (the bell shows '!!' from there), and the approvals among them. */
export async function unreadCounts(db: ProgramDb, employeeId: number) {
  const row = await db
    .selectFrom((eb) =>
      eb.selectFrom("notification").select("type").where("employee_id", "=", employeeId).where("is_read", "=", false).limit(BELL_LIMIT).as("unread"),
    )
    .select([sql<number>`count(*)::int`.as("unread"), sql<number>`count(*) filter (where type in (${sql.join([...APPROVAL_TYPES])}))::int`.as("approvals")])
    .executeTakeFirstOrThrow();
  return row;
}

/** Marks one of the employee's notifications read (someone else's id changes nothing). */
export async function markRead(db: ProgramDb, employeeId: number, id: number) {
  await db.updateTable("notification").set({ is_read: true }).where("id", "=", id).where("employee_id", "=", employeeId).execute();
}

export async function markAllRead(db: ProgramDb, employeeId: number) {
  await db.updateTable("notification").set({ is_read: true }).where("employee_id", "=", employeeId).where("is_read", "=", false).execute();
}
