import fs from "node:fs";
import { BaseSequencer, type TestSpecification, type Vitest } from "vitest/node";

/**
 * The files that take longest, longest first: each starts processes of its own or sends the
 * hostile-input corpus, and takes 1.5–3 minutes while both runs share the machine. Vitest orders
 * a fresh clone's files by size (it has no durations yet), which started these last: in such a
 * run the corpus's actions file started at 339 s and was the only one left from 350 s to 511 s.
 */
const LONG_FILES = [
  "tests/integration/hostile-input-actions.test.ts",
  "tests/processes/startup.test.ts",
  "tests/integration/hostile-input-pages.test.ts",
  "tests/processes/tenant-commands.test.ts",
];

/** Vitest's own order (durations once it has them, else size), after the long files. */
export default class LongFilesFirst extends BaseSequencer {
  constructor(ctx: Vitest) {
    super(ctx);
    const missing = LONG_FILES.filter((name) => !fs.existsSync(name));
    if (missing.length > 0) throw new Error(`tests/setup/long-files-first.ts names files that are not there: ${missing.join(", ")}`);
  }

  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONG_FILES.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return index === -1 ? LONG_FILES.length : index;
    };
    // Sorting is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
