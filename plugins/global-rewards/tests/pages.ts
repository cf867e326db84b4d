import type { CheckedPages } from "../../../tests/e2e/checked-pages";

/** Where axe checks each page of this plugin (the core's accessibility spec merges the list). */
export const checkedPages: CheckedPages = {
  "plugins/global-rewards/global-rewards._index": "plugins/global-rewards/tests/global-rewards.spec.ts (without JavaScript, where it stays on screen)",
  "plugins/global-rewards/global-rewards.sandbox": "plugins/global-rewards/tests/global-rewards.spec.ts",
};
