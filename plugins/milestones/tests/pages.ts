import type { CheckedPages } from "../../../tests/e2e/checked-pages";

/** Where axe checks each page of this plugin (the core's accessibility spec merges the list). */
export const checkedPages: CheckedPages = {
  "plugins/milestones/milestones._index": "plugins/milestones/tests/milestones.spec.ts",
  "plugins/milestones/milestone-detail.$id": "plugins/milestones/tests/milestones.spec.ts",
  "plugins/milestones/milestones.admin": "plugins/milestones/tests/milestones.spec.ts",
  "plugins/milestones/milestones.calendar": "plugins/milestones/tests/milestones.spec.ts",
  "plugins/milestones/milestones.celebrations.$id": "plugins/milestones/tests/milestones.spec.ts",
};
