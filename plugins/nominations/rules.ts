import { isProgramManager, type Viewer } from "~/modules/auth/viewer";
import type { AwardLevel } from "./options";

/** The spec's canApproveNominations: whoever a chain's step can name (managers, program managers, nomination approvers). */
export function canApproveNominations(viewer: Viewer) {
  return isProgramManager(viewer) || viewer.employee.isSupervisor || Boolean(viewer.employee.permissions.isNominationApprover);
}

/** Whether the viewer may choose an award level: its `nominators` rule. */
export function mayChooseLevel(viewer: Viewer, level: Pick<AwardLevel, "nominators">) {
  if (level.nominators === "PROGRAM_MANAGERS") return isProgramManager(viewer);
  if (level.nominators === "SUPERVISORS") return isProgramManager(viewer) || viewer.employee.isSupervisor;
  return true;
}

/** How a nomination's and a step's status read (the spec's status words). */
export const statusWords = { PENDING: "Pending", APPROVED: "Approved", DENIED: "Denied", SKIPPED: "Passed over" } as const;

/** Who decides each kind of step, as its pages say. */
export const stepWords = {
  MANAGER: "The nominee's manager",
  PROGRAM_MANAGER: "A program manager",
  NOMINATION_APPROVER: "A nomination approver",
  FALLBACK: "A program manager",
} as const;

export const MESSAGE_MAX = 1_000;
export const COMMENT_MAX = 500;
/** Nominations a page of a list shows. */
export const NOMINATION_PAGE_SIZE = 10;
