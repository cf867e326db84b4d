/** Admin posts' limits and words, shared by the server and the pages. */
import type { AdminPostAudience, AdminPostState } from "./schema";

export const ADMIN_POST_KIND = "adminGenerated";
export const ADMIN_TITLE_MAX_LENGTH = 100;
export const ADMIN_TEXT_MAX_LENGTH = 2_000;
/** How many people an admin post may mention, and the most points it may give each. */
export const ADMIN_MENTIONS_MAX = 50;
export const ADMIN_POINTS_MAX = 1_000_000;

export const audienceChoices: readonly { id: AdminPostAudience; label: string }[] = [
  { id: "ALL", label: "All Staff" },
  { id: "SEGMENT", label: "A segment" },
  { id: "GROUPS", label: "Groups" },
];

export const stateWords: Record<AdminPostState, string> = { SCHEDULED: "Scheduled", PUBLISHED: "Published", WITHDRAWN: "Withdrawn" };
