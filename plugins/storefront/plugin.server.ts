import { definePluginServer } from "~/modules/plugins/manifest";
import { emailCardJob } from "./card-email.server";
import * as orders from "./migrations/2026-12-10-storefront-orders";
import { shopOptions } from "./options";
import { placeOrderJob } from "./orders.server";
import { ordersReport } from "./orders-report.server";

export const storefrontServer = definePluginServer({
  id: "storefront",
  options: shopOptions,
  migrations: { "2026-12-10-storefront-orders": orders },
  jobs: [placeOrderJob, emailCardJob],
  reports: [ordersReport],
  settings: {
    fields: {
      tangoEnabled: { label: "Digital gift cards" },
    },
  },
});
