import type { ProgramDb } from "~/modules/db/program-db.server";
import type { OrderStatus } from "./schema";

const columns = ["id", "brand_key", "brand_name", "amount_cents", "currency", "points", "email", "status", "resubmit_of", "created_at"] as const;

/** The columns every list of orders shows. */
export interface OrderSummaryRow {
  id: number;
  brand_name: string;
  amount_cents: number;
  currency: string;
  points: number;
  email: string;
  status: OrderStatus;
  created_at: Date;
}

/** An order as the pages show it, without its card. */
export function orderSummary(row: OrderSummaryRow) {
  return {
    id: row.id,
    brandName: row.brand_name,
    amountCents: row.amount_cents,
    currency: row.currency,
    points: row.points,
    email: row.email,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  };
}

/** One of the employee's orders, with its card (404 for anyone else's): for its owner's eyes only. */
export async function ownOrder(db: ProgramDb, employeeId: number, idParam: string | undefined) {
  const id = Number(idParam);
  const row = Number.isSafeInteger(id) && id > 0
    ? await db
        .selectFrom("shop_order")
        .select([...columns, "award_id", "credentials", "redemption_instructions"])
        .where("id", "=", id)
        .where("employee_id", "=", employeeId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new Response("Not found", { status: 404 });
  return {
    ...orderSummary(row),
    brandKey: row.brand_key,
    resubmitOf: row.resubmit_of,
    /** The service award that paid for it, or null when points did. */
    awardId: row.award_id,
    credentials: row.status === "COMPLETE" ? (row.credentials ?? []) : [],
    redemptionInstructions: row.status === "COMPLETE" ? row.redemption_instructions : null,
  };
}

/** The employee's orders, newest first, without their cards. */
export async function ordersOf(db: ProgramDb, employeeId: number, limit = 100) {
  const rows = await db.selectFrom("shop_order").select(columns).where("employee_id", "=", employeeId).orderBy("id", "desc").limit(limit).execute();
  return rows.map(orderSummary);
}
