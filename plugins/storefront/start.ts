import type { ShopStore } from "./stores";

/** An open award the shopper may spend (its type does not hide the shop button). */
export interface SpendableAward {
  id: number;
  valueCents: number;
}

/** Where the shop puts the shopper: a step of the spec's storefront dialog, a store that opens by itself, or 'Failed to open the shop.' */
export type ShopStep =
  | { step: "shop-with" }
  | { step: "select-award" }
  | { step: "choose-store" }
  | { step: "choose-store-for-award"; awardId: number }
  | { step: "open-store"; href: string }
  | { step: "failed" };

/** The stores the shopper may use with points: all but the gift-card store when they have none. */
export function pointsStores(stores: readonly ShopStore[], hasPoints: boolean) {
  return stores.filter((store) => hasPoints || store.kind !== "gift-cards");
}

/** The stores that take an award's credit. */
export function awardStores(stores: readonly ShopStore[]) {
  return stores.filter((store) => store.awardHref !== undefined);
}

/**
 * An award chosen (on page 1, on page 2, or as the only one): page 3 with it preselected; an award
 * of no value opens the global store in a new tab, and is the shop's error where only the
 * gift-card store takes awards.
 */
export function stepForAward(award: SpendableAward, stores: readonly ShopStore[]): ShopStep {
  if (award.valueCents > 0) return awardStores(stores).length > 0 ? { step: "choose-store-for-award", awardId: award.id } : { step: "failed" };
  const outside = awardStores(stores).find((store) => store.kind === "outside");
  return outside ? { step: "open-store", href: outside.awardHref!(award.id) } : { step: "failed" };
}

/**
 * The spec's shop entry and the storefront dialog's start. With neither points nor awards: the
 * chooser when the gift-card and company stores are both on, else the one store that opens by
 * itself, else the error. Then: page 3 when the gift-card store is off and the global store on,
 * or when there are no awards; page 2 for several awards and no points; the award itself when it
 * is the only thing to spend; otherwise page 1 (award credit or points).
 */
export function shopStart({ hasPoints, awards, stores }: { hasPoints: boolean; awards: readonly SpendableAward[]; stores: readonly ShopStore[] }): ShopStep {
  const has = (kind: ShopStore["kind"]) => stores.some((store) => store.kind === kind);
  if (!hasPoints && awards.length === 0) {
    const usable = pointsStores(stores, false);
    if ((has("gift-cards") && has("company")) || usable.length > 1) return { step: "choose-store" };
    return usable.length === 1 ? { step: "open-store", href: usable[0]!.href } : { step: "failed" };
  }
  if ((!has("gift-cards") && has("outside")) || awards.length === 0) return { step: "choose-store" };
  if (!hasPoints) return awards.length > 1 ? { step: "select-award" } : stepForAward(awards[0]!, stores);
  return { step: "shop-with" };
}

/** Page 1's award credit: page 2 for several awards, else the one award's step. */
export function stepForAwardCredit(awards: readonly SpendableAward[], stores: readonly ShopStore[]): ShopStep {
  if (awards.length === 0) return { step: "choose-store" };
  return awards.length > 1 ? { step: "select-award" } : stepForAward(awards[0]!, stores);
}
