import fs from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest, each starting servers or command-line processes of its own (or, the
 * corpus, sending thousands of requests). Vitest orders files by the durations it cached in the last
 * run, and a fresh clone has none: by file size these started last and the run waited on them
 * alone (269 s on PostgreSQL, against 234 s when they started first).
 */
const LONGEST_FIRST = [
  "tests/integration/startup.test.ts",
  "tests/integration/hostile-input-actions.test.ts",
  "tests/integration/tenant-transfer.test.ts",
  "tests/integration/hostile-input-pages.test.ts",
  "tests/integration/job-crash.test.ts",
];

for (const file of LONGEST_FIRST) {
  if (!fs.existsSync(file)) throw new Error(`tests/setup/sequencer.ts names ${file}, which is not there.`);
}

/** Vitest's order (its cached durations, or file sizes), with the longest files first when nothing is cached. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(path.relative(process.cwd(), file.moduleId));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    return sorted.map((file, order) => ({ file, order })).sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order).map(({ file }) => file);
  }
}
