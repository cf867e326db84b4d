import type { SubmissionOption } from "./schema";
import { submissionTypes, typesWithText } from "./rules";

/** The spec's five steps of making an incentive, in order. */
export const incentiveSteps = {
  details: "Details",
  "reward-type": "Reward type",
  "submission-guidelines": "Submission guidelines",
  participants: "Participants",
  approvers: "Approvers",
} as const;
export type IncentiveStep = keyof typeof incentiveSteps;
export const stepIds = Object.keys(incentiveSteps) as IncentiveStep[];

export function isStep(value: string | undefined): value is IncentiveStep {
  return value !== undefined && value in incentiveSteps;
}

/** What the steps' completion is read from: an incentive as stored, draft or not. */
export interface IncentiveParts {
  icon: string | null;
  color: string | null;
  title: string;
  description: string;
  rewardType: string | null;
  rewardPointType: string | null;
  pointsAmount: number | null;
  quantity: number | null;
  rewardDescription: string;
  participationLimit: number | null;
  submissionInstructions: string;
  submissionOptions: SubmissionOption[];
  allEligibleStaff: boolean | null;
  participants: number;
  approvers: number;
}

/** Whether a reward's points vary with a submission's number (its guidelines must then ask for one). */
export function variesWithNumber(reward: { rewardType: string | null; rewardPointType: string | null }) {
  return reward.rewardType === "POINT_AMOUNT" && reward.rewardPointType === "VARIABLE_POINT";
}

/** Whether the submission options ask for a number. */
export function asksNumber(options: readonly SubmissionOption[]) {
  return options.some((option) => option.enabled && option.type === "NUMBER");
}

const share = (filled: boolean[]) => Math.round((100 * filled.filter(Boolean).length) / filled.length);

/**
 * Each step's completion, as the spec counts it: details' parts filled (icon, colour, title and
 * description; colour is not asked again once the incentive exists); the reward's type with what
 * it needs, and the participation option; instructions and at least one option, each enabled
 * question with its text (and a number asked for when points vary with it); a participant type,
 * with people unless everyone; at least one approver.
 */
export function stepCompletion(parts: IncentiveParts, published: boolean): Record<IncentiveStep, number> {
  const details = [parts.icon !== null, parts.title.trim() !== "", parts.description.trim() !== "", ...(published ? [] : [parts.color !== null])];
  const rewardReady =
    parts.rewardType === "OTHER"
      ? parts.rewardDescription.trim() !== ""
      : parts.rewardType === "POINT_AMOUNT" && (parts.pointsAmount ?? 0) > 0 && (parts.rewardPointType === "SET_POINT" || (parts.rewardPointType === "VARIABLE_POINT" && (parts.quantity ?? 0) > 0));
  const enabled = parts.submissionOptions.filter((option) => option.enabled);
  const numberAsked = !variesWithNumber(parts) || asksNumber(enabled);
  return {
    details: share(details),
    "reward-type": share([parts.rewardType !== null, rewardReady, parts.participationLimit !== null]),
    "submission-guidelines": share([
      parts.submissionInstructions.trim() !== "",
      enabled.length > 0 && enabled.every((option) => !typesWithText.includes(option.type) || option.text.trim() !== "") && numberAsked,
    ]),
    participants: share([parts.allEligibleStaff !== null, parts.allEligibleStaff === true || parts.participants > 0]),
    approvers: share([parts.approvers > 0]),
  };
}

/** Whether every step is complete: the incentive may be created (or stays valid when edited). */
export function isComplete(completion: Record<IncentiveStep, number>) {
  return stepIds.every((step) => completion[step] === 100);
}

/** The words of a submission option, for a participant (its question) and a reviewer alike. */
export function optionLabel(option: SubmissionOption) {
  return option.text || submissionTypes[option.type];
}
