import type { ReportType } from "~/modules/plugins/manifest";
import { calendarDayIn } from "~/modules/time/zones";

/** Every service award granted in the period: whose, which type, and whether (and for what order) it was redeemed. */
export const awardsReport: ReportType = {
  id: "storefront.service-awards",
  title: "Service awards",
  columns: [
    { key: "granted", label: "Granted" },
    { key: "anniversary", label: "Anniversary" },
    { key: "employeeCode", label: "Employee code" },
    { key: "name", label: "Name" },
    { key: "award", label: "Award" },
    { key: "years", label: "Years of service" },
    { key: "value", label: "Value" },
    { key: "status", label: "Status" },
    { key: "redeemed", label: "Redeemed" },
    { key: "order", label: "Order" },
    { key: "brand", label: "Gift card" },
  ],
  async rows({ db, start, end, timeZone }) {
    const rows = await db
      .selectFrom("service_award as award")
      .innerJoin("service_award_type as type", "type.id", "award.award_type_id")
      .innerJoin("employee", "employee.id", "award.employee_id")
      // The order that redeemed it: the award's complete order, if any.
      .leftJoin("shop_order", (join) => join.onRef("shop_order.award_id", "=", "award.id").on("shop_order.status", "=", "COMPLETE"))
      .select([
        "award.id",
        "award.granted_at",
        "award.anniversary",
        "employee.employee_code",
        "employee.display_name",
        "type.name",
        "award.years_service",
        "type.value_cents",
        "award.status",
        "award.redeemed_at",
        "shop_order.id as order_id",
        "shop_order.brand_name",
      ])
      .where("award.granted_at", ">=", start)
      .where("award.granted_at", "<=", end)
      .orderBy("award.id")
      .execute();
    return rows.map((row) => ({
      granted: calendarDayIn(row.granted_at, timeZone),
      anniversary: row.anniversary,
      employeeCode: row.employee_code,
      name: row.display_name,
      award: row.name,
      years: row.years_service,
      value: (row.value_cents / 100).toFixed(2),
      status: row.status,
      redeemed: row.redeemed_at ? calendarDayIn(row.redeemed_at, timeZone) : null,
      order: row.order_id,
      brand: row.brand_name,
    }));
  },
};
