import type { CheckedPages } from "../../../tests/e2e/checked-pages";

const spec = "plugins/incentive/tests/incentives.spec.ts";

/** Where axe checks each page of this plugin (the core's accessibility spec merges the list). */
export const checkedPages: CheckedPages = {
  "plugins/incentive/incentives.dashboard": spec,
  "plugins/incentive/incentives.manage-incentives._index": spec,
  "plugins/incentive/incentives.manage-incentives.create": spec,
  "plugins/incentive/incentives.manage-incentives.edit.$id.$step": spec,
  "plugins/incentive/incentives.my-incentives._index": spec,
  "plugins/incentive/incentives.$id": spec,
  "plugins/incentive/incentives.read-only.$id": spec,
  "plugins/incentive/incentives.submissions._index": spec,
  "plugins/incentive/incentives.submissions.$id": spec,
};
