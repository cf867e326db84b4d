import { extend } from "~/modules/plugins/extension-point";
import { isProgramManager } from "~/modules/auth/viewer";
import { definePlugin } from "~/modules/plugins/manifest";
import { giftCardStore, shopStores } from "./stores";

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
