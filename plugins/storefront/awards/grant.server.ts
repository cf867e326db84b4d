import { sql } from "kysely";
import { z } from "zod";
import { defineJob, defineSchedule } from "~/modules/jobs/job";
import { notify } from "~/modules/notifications/delivery.server";
import { calendarDayIn } from "~/modules/time/zones";
import { formatMoney } from "../pricing";
import { addDays, anniversariesBetween, hireMonthDaysBetween, yearsText } from "~/modules/time/calendar-days";

/**
 * Anniversaries this many days back are still granted: a day the job could not run (an outage,
 * a deploy at midnight) is caught up the next. An award of a type is granted once per person.
 */
export const GRANT_CATCH_UP_DAYS = 7;

/**
 * Grants the service awards of the program's active award types to everyone whose work
 * anniversary (from their hire date, in the program's time zone) completes the type's years of
 * service, and tells them and their manager.
 */
export const grantAwardsJob = defineJob({
  name: "storefront.grant-awards",
  data: z.object({}),
  retries: 3,
  async run({ tenant, db, app, log }) {
    const types = await db.selectFrom("service_award_type").selectAll().where("active", "=", true).execute();
    if (types.length === 0) return;
    const today = calendarDayIn(new Date(), tenant.config.program.timeZone);
    const from = addDays(today, -(GRANT_CATCH_UP_DAYS - 1));
    const people = await db
      .selectFrom("employee")
      .select(["id", "display_name", "hire_date", "parent_employee_id"])
      .where("active", "=", true)
      .where(sql<string>`to_char(hire_date, 'MM-DD')`, "in", hireMonthDaysBetween(from, today))
      .execute();
    let granted = 0;
    for (const person of people) {
      for (const { day, years } of anniversariesBetween(person.hire_date!, from, today)) {
        for (const type of types.filter((candidate) => candidate.years_service === years)) {
          await db.transaction(async (tx) => {
            const award = await tx
              .insertInto("service_award", { employee_id: person.id, award_type_id: type.id, years_service: years, anniversary: day })
              .onConflict((oc) => oc.columns(["program_id", "employee_id", "award_type_id"]).doNothing())
              .returning("id")
              .executeTakeFirst();
            if (!award) return;
            granted++;
            const value = formatMoney(type.value_cents, tenant.config.points.currency);
            const link = `/service-award-redemption/${award.id}`;
            await notify(app, tenant, tx, [person.id], { type: "SERVICE_AWARD_RECEIVED", message: `Congratulations on ${yearsText(years)}! Your ${type.name} (${value}) is ready to redeem.`, link }, `service-award:${award.id}`);
            if (person.parent_employee_id !== null) {
              await notify(app, tenant, tx, [person.parent_employee_id], { type: "SERVICE_AWARD_DOWNLINE", message: `${person.display_name} has reached ${yearsText(years)} of service.`, link: `/profile/${person.id}` }, `service-award-manager:${award.id}`);
            }
          });
        }
      }
    }
    if (granted > 0) log.info({ event: "service_awards_granted", count: granted, day: today }, "service awards granted");
  },
});

/** Just after midnight in the program's time zone: an anniversary's award is there when the day starts. */
export const dailyAwardGrant = defineSchedule({ id: "grant-awards", cron: "5 0 * * *", job: grantAwardsJob, data: {} });
