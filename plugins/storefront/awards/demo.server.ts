import type { DemoSeedArgs } from "~/modules/plugins/manifest";
import { calendarDayIn } from "~/modules/time/zones";
import { replaceAwardTypes } from "./award-types.server";

const DEMO_AWARD_TYPES = [5, 10, 15, 20, 25].map((years) => ({
  name: `${years}-Year Service Award`,
  yearsService: years,
  valueCents: years * 20_00,
  display1: `${years} Years`,
  display2: "Thank you for your service",
  display3: null,
  announcement: `Congratulations on ${years} years with us! Your service award is a digital gift card of your choice.`,
  hideShopButton: false,
  active: true,
}));

/** The demo program's service award types, and an open 5-year award for the demo employee to redeem. */
export async function seedDemoAwards({ db, tenant, people }: DemoSeedArgs) {
  await replaceAwardTypes(db, DEMO_AWARD_TYPES);
  const fiveYears = await db.selectFrom("service_award_type").select("id").where("years_service", "=", 5).executeTakeFirstOrThrow();
  await db
    .insertInto("service_award", { employee_id: people.get("employee")!, award_type_id: fiveYears.id, years_service: 5, anniversary: calendarDayIn(new Date(), tenant.config.program.timeZone) })
    .execute();
}
