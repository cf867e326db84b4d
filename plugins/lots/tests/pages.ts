import type { CheckedPages } from "../../../tests/e2e/checked-pages";

/** Where axe checks each page of this plugin (the core's accessibility spec merges the list). */
export const checkedPages: CheckedPages = {
  "plugins/lots/create-lot": "plugins/lots/tests/lots.spec.ts",
  "plugins/lots/activate-lot": "plugins/lots/tests/lots.spec.ts",
  "plugins/lots/activate-lot-error": "plugins/lots/tests/lots.spec.ts",
  "plugins/lots/lots.$lotId.print": "plugins/lots/tests/lots.spec.ts",
};
