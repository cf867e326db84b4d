import type { CheckedPages } from "../../../tests/e2e/checked-pages";

/** Where axe checks each page of this plugin (the core's accessibility spec merges the list). */
export const checkedPages: CheckedPages = {
  "plugins/nominations/nomination.new": "plugins/nominations/tests/nominations.spec.ts",
  "plugins/nominations/nomination.sent._index": "plugins/nominations/tests/nominations.spec.ts",
  "plugins/nominations/nomination.sent.$id": "plugins/nominations/tests/nominations.spec.ts",
  "plugins/nominations/nomination.received._index": "plugins/nominations/tests/nominations.spec.ts",
  "plugins/nominations/nomination.received.$id": "plugins/nominations/tests/nominations.spec.ts",
  "plugins/nominations/approvals.nominations._index": "plugins/nominations/tests/nominations.spec.ts",
  "plugins/nominations/approvals.nominations.$id": "plugins/nominations/tests/nominations.spec.ts",
  "plugins/nominations/report.legacy.power-metrics.nominations": "plugins/nominations/tests/nominations.spec.ts",
};
