import type { AllowancePeriod } from "~/modules/db/schema";

/** How each period of an allowance reads: in the list, and as the reason of its grants in the ledger. */
export const allowancePeriodWords: Record<AllowancePeriod, { label: string; every: string; reason: string }> = {
  MONTHLY: { label: "Monthly", every: "Month", reason: "Monthly allowance" },
  QUARTERLY: { label: "Quarterly", every: "Quarter", reason: "Quarterly allowance" },
};

/** The most points one allowance grants a person each period. */
export const MAX_ALLOWANCE_POINTS = 1_000_000;
/** The longest an allowance's unused points may be kept before they expire. */
export const MAX_EXPIRY_DAYS = 366;
