import type { Viewer } from "~/modules/auth/viewer";
import type { AccountRef } from "./accounts";

/** The spec's canGivePoints: discretionary points need the permission and points accounting on. */
export function canGivePoints(viewer: Viewer) {
  return viewer.employee.permissions.canGiveDiscretionaryPoints && viewer.tenant.program.pointsAccountingEnabled;
}

/** The spec's canApprovePointsRequests: a discretionary approver, with points accounting on. */
export function canApprovePointsRequests(viewer: Viewer) {
  return viewer.employee.permissions.isDiscretionaryApprover && viewer.tenant.program.pointsAccountingEnabled;
}

export function usesPoints(viewer: Viewer) {
  return viewer.employee.permissions.usesPoints;
}

/** The two histories of /transaction-history: points to spend and points to give. */
export const historyKinds = {
  "my-points": {
    title: "Points to Spend",
    allowed: usesPoints,
    account: (employeeId: number): AccountRef => ({ kind: "SHOPPING", employeeId }),
  },
  "discretionary-points": {
    title: "Points to Give",
    allowed: canGivePoints,
    account: (employeeId: number): AccountRef => ({ kind: "DISCRETIONARY", employeeId }),
  },
} as const;

export type HistoryKind = keyof typeof historyKinds;

export function isHistoryKind(value: string | undefined): value is HistoryKind {
  return value !== undefined && Object.hasOwn(historyKinds, value);
}

/** The spec's canRequestPoints: may ask for more points to give, with points accounting on. */
export function canRequestPoints(viewer: Viewer) {
  return viewer.employee.permissions.canRequestDiscretionaryPoints && viewer.tenant.program.pointsAccountingEnabled;
}
