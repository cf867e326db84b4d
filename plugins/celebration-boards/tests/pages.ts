import type { CheckedPages } from "../../../tests/e2e/checked-pages";

const spec = "plugins/celebration-boards/tests/celebration-boards.spec.ts";

/** Where axe checks each page of this plugin (the core's accessibility spec merges the list). */
export const checkedPages: CheckedPages = {
  "plugins/celebration-boards/celebration-board.new": spec,
  "plugins/celebration-boards/celebration-board.created": spec,
  "plugins/celebration-boards/celebration-board.contribute": spec,
  "plugins/celebration-boards/celebration-board.received": spec,
  "plugins/celebration-boards/celebration-board.all": spec,
  "plugins/celebration-boards/celebration-board.$id._index": spec,
  "plugins/celebration-boards/celebration-board.$id.invite": spec,
  "plugins/celebration-boards/celebration-board.$id.edit": spec,
  "plugins/celebration-boards/celebration-board.public.$token": spec,
};
