import { z } from "zod";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { orderSummary } from "./order-views.server";
import type { OrderStatus } from "./schema";

/** Orders a program manager's list shows at once, newest first. */
export const ADMIN_PAGE_SIZE = 100;

/** The program's orders, newest first, optionally of one status, with who placed them; `before` pages on. */
export async function programOrders(db: ProgramDb, { status, before }: { status: OrderStatus | null; before: number | null }) {
  let query = db
    .selectFrom("shop_order")
    .innerJoin("employee", "employee.id", "shop_order.employee_id")
    .select([
      "shop_order.id",
      "shop_order.created_at",
      "employee.display_name",
      "shop_order.brand_name",
      "shop_order.amount_cents",
      "shop_order.currency",
      "shop_order.points",
      "shop_order.email",
      "shop_order.status",
      "shop_order.failure_reason",
      "shop_order.attempts",
    ])
    .orderBy("shop_order.id", "desc")
    .limit(ADMIN_PAGE_SIZE + 1);
  if (status) query = query.where("shop_order.status", "=", status);
  if (before) query = query.where("shop_order.id", "<", before);
  const rows = await query.execute();
  return {
    orders: rows.slice(0, ADMIN_PAGE_SIZE).map((row) => ({ ...orderSummary(row), name: row.display_name, failureReason: row.failure_reason, attempts: row.attempts })),
    next: rows.length > ADMIN_PAGE_SIZE ? rows[ADMIN_PAGE_SIZE - 1]!.id : null,
  };
}

/** A program manager's decision on a pending order: ask the provider again, or refund it. */
export const settleForm = z.object({ intent: z.enum(["retry", "refund"]), id: z.coerce.number().int().positive() });
