import type { ReportType } from "~/modules/plugins/manifest";
import { calendarDayIn } from "~/modules/time/zones";

/** Every gift-card order placed in the period, whatever became of it (the spec's report/order/program). */
export const ordersReport: ReportType = {
  id: "storefront.orders",
  title: "Gift card orders",
  columns: [
    { key: "date", label: "Date" },
    { key: "order", label: "Order" },
    { key: "employeeCode", label: "Employee code" },
    { key: "name", label: "Name" },
    { key: "brand", label: "Brand" },
    { key: "amount", label: "Amount" },
    { key: "currency", label: "Currency" },
    { key: "points", label: "Points" },
    { key: "status", label: "Status" },
    { key: "reason", label: "Failure reason" },
    { key: "providerReference", label: "Provider reference" },
  ],
  async rows({ db, start, end, timeZone }) {
    const rows = await db
      .selectFrom("shop_order")
      .innerJoin("employee", "employee.id", "shop_order.employee_id")
      .select([
        "shop_order.id",
        "shop_order.created_at",
        "employee.employee_code",
        "employee.display_name",
        "shop_order.brand_name",
        "shop_order.amount_cents",
        "shop_order.currency",
        "shop_order.points",
        "shop_order.status",
        "shop_order.failure_reason",
        "shop_order.provider_reference",
      ])
      .where("shop_order.created_at", ">=", start)
      .where("shop_order.created_at", "<=", end)
      .orderBy("shop_order.id")
      .execute();
    return rows.map((row) => ({
      date: calendarDayIn(row.created_at, timeZone),
      order: row.id,
      employeeCode: row.employee_code,
      name: row.display_name,
      brand: row.brand_name,
      amount: (row.amount_cents / 100).toFixed(2),
      currency: row.currency,
      points: row.points,
      status: row.status,
      reason: row.failure_reason,
      providerReference: row.provider_reference,
    }));
  },
};
