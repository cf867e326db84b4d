import type { DemoSeedArgs } from "~/modules/plugins/manifest";
import { calendarDayIn } from "~/modules/time/zones";
import { celebrateDay } from "./daily.server";

/**
 * The demo employee's birthday is the day the program is seeded, and today's milestones are
 * celebrated at once (as the 09:00 job would): the feed has a birthday post, the employee a
 * celebration banner, and the sidebar card and list today's milestones.
 */
export async function seedDemoMilestones({ db, tenant, registry, people }: DemoSeedArgs) {
  const employee = people.get("employee");
  if (employee === undefined) return;
  const today = calendarDayIn(new Date(), tenant.config.program.timeZone);
  await db.updateTable("employee").set({ birth_month: Number(today.slice(5, 7)), birth_day: Number(today.slice(8, 10)) }).where("id", "=", employee).execute();
  await celebrateDay({ registry, tenant }, db, today);
}
