import { versionedCache } from "~/modules/db/versioned-cache.server";

/**
 * What the eCard pages read, kept per process until the eCards' version moves (decision 108): each
 * viewer's box pages, each card with its recipients and replies, the designs a sender may choose
 * (2,000 keys per program).
 */
export const keptForEcards = versionedCache({ limit: 2_000, changeVersion: "ecards" });
