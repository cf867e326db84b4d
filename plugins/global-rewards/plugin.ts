import { extend } from "~/modules/plugins/extension-point";
import { definePlugin } from "~/modules/plugins/manifest";
import { shopStores } from "../storefront/api";

/**
 * The spec's global rewards store (grsEnabled): a store outside the app, opened in a new tab from
 * the shop's "Choose where to redeem", which signs the employee in with a short-lived signed token.
 */
export const globalRewardsPlugin = definePlugin({
  id: "global-rewards",
  title: "Global Rewards",
  description: "An outside rewards store in the shop, opened in a new tab and signed in with a short-lived signed token.",
  dependsOn: ["storefront"],
  extensions: [
    extend(shopStores, {
      id: "global-rewards",
      kind: "outside",
      label: "Global Rewards",
      description: "Shop thousands of rewards in the global rewards store, with your points or your award.",
      href: "/global-rewards",
      awardHref: (awardId) => `/global-rewards?award=${awardId}`,
      newTab: true,
      order: 20,
    }),
  ],
});

declare module "~/modules/plugins/manifest" {
  interface InstalledPlugins {
    "global-rewards": typeof globalRewardsPlugin;
  }
}
