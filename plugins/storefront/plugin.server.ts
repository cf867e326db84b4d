import { definePluginServer } from "~/modules/plugins/manifest";
import { checkBalanceJob, dailyBalanceCheck } from "./balance-check.server";
import { emailCardJob } from "./card-email.server";
import * as orders from "./migrations/2026-12-10-storefront-orders";
import * as brandsOff from "./migrations/2026-12-11-storefront-brands-off";
import * as serviceAwards from "./migrations/2026-12-12-storefront-service-awards";
import * as awardAssets from "./migrations/2026-12-13-storefront-award-assets";
import * as shopVersion from "./migrations/2026-12-31-storefront-shop-version";
import { giftCardIntegration } from "./gift-cards/integration.server";
import { extend } from "~/modules/plugins/extension-point";
import { milestoneLinks, integrations, helpQuestions } from "~/modules/shell/extension-points";
import { anniversaryAwardLinks, openAwardsCardData, profileAwardsCardData } from "./awards/awards.server";
import { awardsReport } from "./awards/awards-report.server";
import { seedDemoAwards } from "./awards/demo.server";
import { dailyAwardGrant, grantAwardsJob } from "./awards/grant.server";
import { storefrontConfigData } from "./config-data.server";
import { shopOptions } from "./options";
import { placeOrderJob } from "./orders.server";
import { ordersReport } from "./orders-report.server";

/** What people ask about this plugin, answered on the help page. */
const helpAnswers = {
  questions: [
    { question: "How do I spend my points?", answer: "Open Shop: choose a gift card or an item, its amount, and where it goes. The points leave your balance when you order, and come back if the order fails." },
  ],
};

export const storefrontServer = definePluginServer({
  id: "storefront",
  options: shopOptions,
  migrations: {
    "2026-12-10-storefront-orders": orders,
    "2026-12-11-storefront-brands-off": brandsOff,
    "2026-12-12-storefront-service-awards": serviceAwards,
    "2026-12-13-storefront-award-assets": awardAssets,
    "2026-12-31-storefront-shop-version": shopVersion,
  },
  configData: storefrontConfigData,
  cardData: { "storefront/open-awards": openAwardsCardData, "storefront/profile-awards": profileAwardsCardData },
  jobs: [placeOrderJob, emailCardJob, checkBalanceJob, grantAwardsJob],
  schedules: [dailyBalanceCheck, dailyAwardGrant],
  reports: [ordersReport, awardsReport],
  seedDemo: seedDemoAwards,
  extensions: [extend(helpQuestions, helpAnswers), extend(milestoneLinks, anniversaryAwardLinks), extend(integrations, giftCardIntegration)],
  settings: {
    fields: {
      tangoEnabled: { label: "Digital gift cards" },
      lowBalanceAlert: { label: "Low balance alert", help: "Program managers are told each morning when the gift card account holds less than this (0: never)." },
    },
  },
});
