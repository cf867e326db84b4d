import { z } from "zod";
import { defineJob, defineSchedule } from "~/modules/jobs/job";
import { notify } from "~/modules/notifications/delivery.server";
import { calendarDayIn } from "~/modules/time/zones";
import { pluginOptions } from "~/modules/plugins/plugin-options";
import { giftCardProviderFor } from "./gift-cards/providers.server";
import { shopOptions } from "./options";
import { formatMoney } from "./pricing";

/**
 * Reads the gift-card provider's account balance and, when it is below the program's
 * lowBalanceAlert, tells the program managers (once a day): an empty account fails every order.
 */
export const checkBalanceJob = defineJob({
  name: "storefront.check-balance",
  data: z.object({}),
  retries: 3,
  retryDelaySeconds: 300,
  async run({ tenant, db, app, log }) {
    const options = pluginOptions(shopOptions, tenant.config.features.storefront);
    if (!options.tangoEnabled || options.lowBalanceAlert === 0) return;
    const balance = await giftCardProviderFor(tenant).balance();
    log.info({ event: "storefront_balance", cents: balance.cents, currency: balance.currency }, "gift card account balance read");
    if (balance.cents >= Math.round(options.lowBalanceAlert * 100)) return;
    const managers = await db.selectFrom("employee").select("id").where("employee_type", "=", "PROGRAM_MANAGER").where("active", "=", true).execute();
    const day = calendarDayIn(new Date(), tenant.config.program.timeZone);
    await notify(
      app,
      tenant,
      db,
      managers.map((manager) => manager.id),
      { type: "STOREFRONT_LOW_BALANCE", message: `The gift card account has ${formatMoney(balance.cents, balance.currency)} left: orders fail once it runs out.`, link: "/storefront/admin/orders" },
      `storefront-low-balance:${day}`,
    );
  },
});

/** Every morning, in the program's time zone. */
export const dailyBalanceCheck = defineSchedule({ id: "balance", cron: "0 8 * * *", job: checkBalanceJob, data: {} });
