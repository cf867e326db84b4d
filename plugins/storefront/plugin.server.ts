import { definePluginServer } from "~/modules/plugins/manifest";
import { checkBalanceJob, dailyBalanceCheck } from "./balance-check.server";
import { emailCardJob } from "./card-email.server";
import * as orders from "./migrations/2026-12-10-storefront-orders";
import * as brandsOff from "./migrations/2026-12-11-storefront-brands-off";
import { storefrontConfigData } from "./brands.server";
import { shopOptions } from "./options";
import { placeOrderJob } from "./orders.server";
import { ordersReport } from "./orders-report.server";

export const storefrontServer = definePluginServer({
  id: "storefront",
  options: shopOptions,
  migrations: { "2026-12-10-storefront-orders": orders, "2026-12-11-storefront-brands-off": brandsOff },
  configData: storefrontConfigData,
  jobs: [placeOrderJob, emailCardJob, checkBalanceJob],
  schedules: [dailyBalanceCheck],
  reports: [ordersReport],
  settings: {
    fields: {
      tangoEnabled: { label: "Digital gift cards" },
      lowBalanceAlert: { label: "Low balance alert", help: "Program managers are told each morning when the gift card account holds less than this (0: never)." },
    },
  },
});
