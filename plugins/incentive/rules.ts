import { isProgramManager, type Viewer } from "~/modules/auth/viewer";

export const PLUGIN_ID = "incentive";

export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 1_000;
export const INSTRUCTIONS_MAX = 2_000;
export const REWARD_DESCRIPTION_MAX = 200;
export const OPTION_TEXT_MAX = 200;
export const ANSWER_MAX = 500;
export const COMMENT_MAX = 500;
/** The most points one submission may earn: a set amount, or a variable one's per-value reward. */
export const POINTS_MAX = 1_000_000;
/** The most a number answer may be (a variable reward multiplies it). */
export const NUMBER_ANSWER_MAX = 1_000_000_000;
/** The spec's participation limit: 1 to 999 submissions a person; -1 is no limit. */
export const NO_LIMIT = -1;
/** How many people one people step adds at most (a group counts each of its people). */
export const PEOPLE_MAX = 500;
/** The submissions one bulk review decides at most. */
export const BULK_MAX = 100;
export const SUBMISSIONS_PAGE_SIZE = 20;

/** The spec's submission types, in its order, under the words a participant reads. */
export const submissionTypes = {
  SHORT_ANSWER: "Short answer",
  NUMBER: "Number",
  IMAGE: "Picture",
  LINK: "Link",
  DATE_TIME: "Date and time",
} as const;
export type SubmissionType = keyof typeof submissionTypes;
export const submissionTypeIds = Object.keys(submissionTypes) as SubmissionType[];
/** The types whose option carries a question of the creator's. */
export const typesWithText: readonly SubmissionType[] = ["SHORT_ANSWER", "NUMBER"];

/** The icons an incentive may wear (lucide's names, drawn from this plugin's sprite). */
export const incentiveIcons = {
  trophy: "Trophy",
  target: "Target",
  rocket: "Rocket",
  "heart-handshake": "Helping hands",
  lightbulb: "Idea",
  "graduation-cap": "Learning",
  leaf: "Sustainability",
  "shield-check": "Safety",
} as const;
export type IncentiveIcon = keyof typeof incentiveIcons;
export const iconIds = Object.keys(incentiveIcons) as IncentiveIcon[];

/** The colours an incentive may wear: each a background that white text reads on (4.5:1 or more). */
export const incentiveColors = {
  blue: { label: "Blue", hex: "#1d4ed8" },
  green: { label: "Green", hex: "#15803d" },
  purple: { label: "Purple", hex: "#7e22ce" },
  red: { label: "Red", hex: "#b91c1c" },
  teal: { label: "Teal", hex: "#0f766e" },
  slate: { label: "Slate", hex: "#334155" },
} as const;
export type IncentiveColor = keyof typeof incentiveColors;
export const colorIds = Object.keys(incentiveColors) as IncentiveColor[];

/** The spec's incentive approver: named on incentives to review their submissions (a program manager reviews every one). */
export function isIncentiveApprover(viewer: Viewer) {
  return isProgramManager(viewer) || viewer.employee.permissions.isIncentiveApprover === true;
}
