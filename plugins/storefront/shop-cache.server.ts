import { versionedCache } from "~/modules/db/versioned-cache.server";

/**
 * What the shop's pages read on every visit, kept per process until the storefront's version moves
 * (decision 106): the brands the program switched off, each shopper's open awards, and every award
 * of theirs their profile's card shows (5,000 keys in all).
 */
export const keptForShop = versionedCache({ limit: 5_000, changeVersion: "storefront" });
