/** The kinds of points a ledger transfer records (the spec's sources of points). */
export const transferKinds = [
  "BUCKET_DEPOSIT",
  "LOT_FUNDING",
  "CODE",
  "UPLOAD",
  "ORDER",
  "AWARD",
  "DISCRETIONARY_GRANT",
  "ADJUSTMENT",
] as const;
export type TransferKind = (typeof transferKinds)[number];

export const transferKindLabels: Record<TransferKind, string> = {
  BUCKET_DEPOSIT: "Program deposit",
  LOT_FUNDING: "Lot funding",
  CODE: "Redeemed code",
  UPLOAD: "Points upload",
  ORDER: "Order",
  AWARD: "Award",
  DISCRETIONARY_GRANT: "Discretionary points",
  ADJUSTMENT: "Adjustment",
};

/**
 * An account the ledger moves points between: an employee's points to spend
 * (SHOPPING) or to give (DISCRETIONARY), the program's bucket that funds lots
 * and grants, or the pool holding an issuer's unredeemed code points.
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

export function formatPoints(points: number) {
  return points.toLocaleString("en-US");
}
