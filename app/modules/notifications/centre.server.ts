import { sql, type ExpressionBuilder } from "kysely";
import type { Database } from "~/modules/db/schema";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { keysetPage } from "~/utils/keyset-page";
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
  return keysetPage(
    rows,
    NOTIFICATION_PAGE_SIZE,
    (row): NotificationItem => ({ id: row.id, type: row.type, message: row.message, link: row.link, isRead: row.is_read, created: row.created_at.toISOString() }),
    (item) => item.id,
  );
}

/**
 * The unread notifications of the employee row of the query it is part of,
 * counted up to BELL_LIMIT (the bell shows '!!' from there). The viewer's query
 * carries it, so the bell costs no round trip of its own.
 */
export function unreadOfEmployee(eb: ExpressionBuilder<Database, "employee">) {
  return eb
    .selectFrom((inner) =>
      inner
        .selectFrom("notification")
        .select("notification.id")
        .where("notification.employee_id", "=", sql.ref<number>("employee.id"))
        .where("notification.is_read", "=", false)
        .limit(BELL_LIMIT)
        .as("unread"),
    )
    .select(sql<number>`count(*)::int`.as("count"));
}

/** Unread notifications, counted up to BELL_LIMIT, and the approvals among them (the approvals card). */
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
