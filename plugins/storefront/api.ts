/**
 * What the storefront offers the plugins that depend on it (dependsOn: ["storefront"]): the
 * stores extension point and the shop's money arithmetic. Its other modules are its own; the
 * server half is `api.server.ts`.
 */
export { SHOP_FAILED, shopStores, type ShopStore } from "./stores";
export { formatMoney, spendableCents } from "./pricing";
