import type { ReportReason, SocialStatus } from "./schema";

/** Why a person reports a post or comment, as the report form offers it. */
export const reportReasons: readonly { id: ReportReason; label: string }[] = [
  { id: "OFFENSIVE", label: "Offensive or inappropriate" },
  { id: "HARASSMENT", label: "Harassment or bullying" },
  { id: "SPAM", label: "Spam or advertising" },
  { id: "PRIVATE", label: "Private or confidential information" },
  { id: "OTHER", label: "Something else" },
];

export function reasonLabel(reason: ReportReason) {
  return reportReasons.find((entry) => entry.id === reason)?.label ?? "Something else";
}

export const REPORT_DETAILS_MAX_LENGTH = 250;
export const REMOVAL_REASON_MAX_LENGTH = 250;
export const MODERATION_PAGE_SIZE = 20;

/**
 * The moderation list's status words (the spec's approved, denied, pending and neutral): held
 * items are under review; reported ones below the threshold, or reported again after approval,
 * are pending.
 */
export type StatusWord = "Under review" | "Pending" | "Approved" | "Denied" | "Neutral";

export function statusWord(status: SocialStatus, openReports: number): StatusWord {
  if (status === "FLAGGED") return "Under review";
  if (status === "DENIED") return "Denied";
  if (openReports > 0) return "Pending";
  return status === "APPROVED" ? "Approved" : "Neutral";
}

/** What a moderator's decision and the item's history say. */
export const actionWords = {
  HELD: "Held for review",
  APPROVED: "Approved",
  DENIED: "Removed",
  BANNED: "Banned",
  ALLOWED: "Allowed again",
} as const;

/** Said beside every removal: recognition once given is not taken back. */
export const POINTS_STAY_PAID = "Points given with it stay with the people who received them: removing a post never takes recognition back.";

export function statusTone(word: StatusWord): "positive" | "negative" | "neutral" {
  return word === "Approved" ? "positive" : word === "Denied" || word === "Under review" ? "negative" : "neutral";
}
