import { versionedCache } from "~/modules/db/versioned-cache.server";

/**
 * What the eCard pages read, kept per process until the eCards' version moves (decision 108): each
 * viewer's box pages, each card with its recipients and replies, the designs a sender may choose
 * (5,000 keys in all).
 */
export const keptForEcards = versionedCache({ limit: 5_000, changeVersion: "ecards" });
