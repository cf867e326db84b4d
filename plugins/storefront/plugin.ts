import { extend } from "~/modules/plugins/extension-point";
import { isProgramManager } from "~/modules/auth/viewer";
import { lazySlot } from "~/modules/plugins/lazy-slot";
import { definePlugin } from "~/modules/plugins/manifest";
import { giftCardStore, shopStores } from "./stores";

const serviceAwardsCard = lazySlot(() => import("./components/service-awards-card").then((m) => m.ServiceAwardsCard));

/** The shop (the spec's storefront): where points become rewards. The storefront, its stores (digital gift cards here, more from other plugins), and orders. */
export const storefrontPlugin = definePlugin({
  id: "storefront",
  title: "Shop",
  description: "Spend points on digital gift cards (Tango Card, or the built-in sandbox store) and in the stores other plugins add.",
  transferKinds: { ORDER_REFUND: "Order refund" },
  menuEntries: [
    { menu: "shop", label: "Shop", to: "/storefront", permission: "usesPoints", order: 10 },
    { menu: "admin", label: "Gift Card Orders", to: "/storefront/admin/orders", when: isProgramManager, order: 60 },
    { menu: "admin", label: "Gift Card Brands", to: "/storefront/admin/brands", when: isProgramManager, order: 61 },
    { menu: "admin", label: "Service Award Types", to: "/storefront/admin/award-types", when: isProgramManager, order: 62 },
  ],
  sidebarCards: [
    { id: "storefront/open-awards", slot: "notifications", order: 10, Component: serviceAwardsCard },
    { id: "storefront/profile-awards", slot: "profile", order: 40, Component: serviceAwardsCard },
  ],
  extensionPoints: [shopStores],
  extensions: [extend(shopStores, giftCardStore)],
  notificationGroups: [
    {
      id: "shop",
      title: "Shop",
      permission: "usesPoints",
      types: [
        { id: "SHOP_ORDER_PLACED", label: "My gift card is ready" },
        { id: "SHOP_ORDER_FAILED", label: "My gift card order could not be placed" },
      ],
    },
    {
      id: "service-awards",
      title: "Service awards",
      types: [
        { id: "SERVICE_AWARD_RECEIVED", label: "I receive a service award" },
        { id: "SERVICE_AWARD_DOWNLINE", label: "Someone on my team receives a service award", when: (viewer) => viewer.employee.isSupervisor },
      ],
    },
    {
      id: "storefront-admin",
      title: "Shop administration",
      when: isProgramManager,
      types: [{ id: "STOREFRONT_LOW_BALANCE", label: "The gift card account is running low" }],
    },
  ],
});

declare module "~/modules/plugins/manifest" {
  interface InstalledPlugins {
    storefront: typeof storefrontPlugin;
  }
}
