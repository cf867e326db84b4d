import type { CheckedPages } from "../../../tests/e2e/checked-pages";

/** Where axe checks each page of this plugin (the core's accessibility spec merges the list). */
export const checkedPages: CheckedPages = {
  "plugins/ecards/ecard.admin.designs": "plugins/ecards/tests/ecards.spec.ts",
  "plugins/ecards/ecard.new._index": "plugins/ecards/tests/ecards.spec.ts",
  "plugins/ecards/ecard.new.picture": "the composer's picture step: the same page as /ecard/new (plugins/ecards/tests/ecards.spec.ts)",
  "plugins/ecards/ecard.new.video": "the composer's video step: the same page as /ecard/new (plugins/ecards/tests/ecards.spec.ts)",
  "plugins/ecards/ecard.new.$designId": "the same page as /ecard/new, a design chosen (plugins/ecards/tests/ecards.spec.ts)",
  "plugins/ecards/ecard.sent._index": "plugins/ecards/tests/ecards.spec.ts",
  "plugins/ecards/ecard.sent.$id._index": "plugins/ecards/tests/ecards.spec.ts",
  "plugins/ecards/ecard.sent.$id.edit": "plugins/ecards/tests/ecards.spec.ts",
  "plugins/ecards/ecard.received._index": "plugins/ecards/tests/ecards.spec.ts",
  "plugins/ecards/ecard.received.$id": "plugins/ecards/tests/ecards.spec.ts",
  "plugins/ecards/ecard.received.manager._index": "plugins/ecards/tests/ecards.spec.ts",
  "plugins/ecards/ecard.received.manager.$id": "plugins/ecards/tests/ecards.spec.ts",
};
