import type { Viewer } from "~/modules/auth/viewer";
import { createExtensionPoint } from "~/modules/plugins/extension-point";

/**
 * A store the storefront offers on its "Choose where to redeem" page (the spec's page 3): the
 * shop's digital gift cards, and what other plugins add (a company store, the global rewards
 * store). One that opens outside the app opens in a new tab.
 */
export interface ShopStore {
  id: string;
  /** Which of the spec's stores it is: the shop's start rules tell them apart. */
  kind: "gift-cards" | "company" | "outside";
  label: string;
  description: string;
  href: string;
  /** Where it opens to spend a service award's credit; a store without it takes points only. */
  awardHref?: (awardId: number) => string;
  newTab?: boolean;
  order: number;
  permission?: string;
  when?: (viewer: Viewer) => boolean;
}

/** The spec's shop error, wherever a store cannot open. */
export const SHOP_FAILED = "Failed to open the shop.";

export const shopStores = createExtensionPoint<ShopStore>("storefront.stores");

/** The shop's switches as the viewer's program has them (the tenant schema fills in their defaults). */
export function shopSwitches(viewer: Viewer) {
  const shop = viewer.tenant.features.storefront as { tangoEnabled?: boolean } | undefined;
  return { tangoEnabled: shop?.tangoEnabled === true };
}

export const giftCardStore: ShopStore = {
  id: "storefront.gift-cards",
  kind: "gift-cards",
  label: "Digital Gift Card",
  description: "Spend your points on a digital gift card from over 100 brands, delivered by e-mail.",
  href: "/storefront/gift-cards",
  awardHref: (awardId) => `/storefront/awards/${awardId}/gift-card`,
  order: 30,
  when: (viewer) => shopSwitches(viewer).tangoEnabled,
};
