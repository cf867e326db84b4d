import type { DemoSeedArgs } from "~/modules/plugins/manifest";
import { calendarDayIn } from "~/modules/time/zones";

/** A thank-you card the demo manager sent the demo employee (who replied), so the boxes and the reply thread have something to show. */
export async function seedDemoEcards({ db, tenant, people }: DemoSeedArgs) {
  const manager = people.get("manager");
  const employee = people.get("employee");
  if (manager === undefined || employee === undefined) return;
  const today = calendarDayIn(new Date(), tenant.config.program.timeZone);
  const card = await db
    .insertInto("ecard", {
      sender_id: manager,
      design: "thanks-stars",
      message: "Thank you for staying late to get the release out. The whole team noticed!",
      send_on: today,
      status: "SENT",
      sent_at: new Date(),
      idempotency_key: "demo-ecard-thanks",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("ecard_recipient", { ecard_id: card.id, employee_id: employee, status: "DELIVERED", group_names: "[]" }).execute();
  await db.insertInto("ecard_reply", { ecard_id: card.id, employee_id: employee, text: "Thanks! It was a team effort." }).execute();
}
