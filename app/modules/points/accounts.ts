import type { PluginTransferKind } from "~/modules/plugins/manifest";

/** The core's kinds of points a ledger transfer records (the spec's sources of points); plugins declare their own. */
export const coreTransferKinds = [
  "BUCKET_DEPOSIT",
  "CODE",
  "UPLOAD",
  "ORDER",
  "AWARD",
  "DISCRETIONARY_GRANT",
  "ALLOWANCE_EXPIRY",
  "ADJUSTMENT",
] as const;
/** A core kind, or one an installed plugin's manifest declares (`transferKinds`). */
export type TransferKind = (typeof coreTransferKinds)[number] | PluginTransferKind;

export const coreTransferKindLabels: Record<(typeof coreTransferKinds)[number], string> = {
  BUCKET_DEPOSIT: "Program deposit",
  CODE: "Redeemed code",
  UPLOAD: "Points upload",
  ORDER: "Order",
  AWARD: "Award",
  DISCRETIONARY_GRANT: "Discretionary points",
  ALLOWANCE_EXPIRY: "Expired allowance",
  ADJUSTMENT: "Adjustment",
};

/**
 * An account the ledger moves points between: an employee's points to spend
 * (SHOPPING) or to give (DISCRETIONARY), the program's bucket that funds
 * grants and code issuers, or the pool holding an issuer's unredeemed code points.
 */
export type AccountRef =
  | { kind: "SHOPPING" | "DISCRETIONARY"; employeeId: number }
  | { kind: "PROGRAM_BUCKET" }
  | { kind: "CODE_POOL"; source: string };

export function accountKey(ref: AccountRef) {
  switch (ref.kind) {
    case "SHOPPING":
    case "DISCRETIONARY":
      return `employee:${ref.employeeId}:${ref.kind}`;
    case "PROGRAM_BUCKET":
      return "program:BUCKET";
    case "CODE_POOL":
      return `codes:${ref.source}`;
  }
}

const pointsFormat = new Intl.NumberFormat("en-US");

/** "12,500": one formatter for every figure a page shows. */
export function formatPoints(points: number) {
  return pointsFormat.format(points);
}
