import type { StatusTone } from "~/components/ui/status-badge";
import type { PointsRequestAction, PointsRequestStatus } from "~/modules/db/schema";

/** How a request's status reads (the spec's status words: approved positive, denied negative, pending neutral). */
export const requestStatusWords: Record<PointsRequestStatus, string> = {
  PENDING: "Pending",
  APPROVED: "Approved",
  DENIED: "Denied",
  CANCELLED: "Cancelled",
};

export const requestStatusTone: Record<PointsRequestStatus, StatusTone> = {
  PENDING: "neutral",
  APPROVED: "positive",
  DENIED: "negative",
  CANCELLED: "neutral",
};

/** A line of a request's history, as its pages show it. */
export const requestActionWords: Record<PointsRequestAction, string> = {
  REQUESTED: "Requested",
  APPROVED: "Approved",
  DENIED: "Denied",
  CANCELLED: "Cancelled",
  REASSIGNED: "Passed to another approver",
  REMINDED: "Approver reminded",
};

export const REQUEST_REASON_MAX = 500;
export const DECISION_COMMENT_MAX = 500;
/** The most points one request may ask for. */
export const MAX_REQUEST_POINTS = 1_000_000;
