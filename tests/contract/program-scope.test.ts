import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The only modules that may see every program's rows: start-up and the platform's cross-program stores. */
const CROSS_PROGRAM = ["app/modules/app.server.ts", "app/modules/db/database.server.ts"];

describe("the unscoped database", () => {
  it("is asked for only by start-up and platform code, never by a route, a service or a plugin", () => {
    const callers = [...sourceFiles("app"), ...sourceFiles("plugins")].filter((file) => fs.readFileSync(file, "utf8").includes("crossProgramDb("));
    expect(callers.sort()).toEqual(CROSS_PROGRAM.sort());
  });
});

describe("the job engine's doors to the database", () => {
  it("are used by the job queue only, so no request code reaches rows through them", () => {
    const callers = [...sourceFiles("app"), ...sourceFiles("plugins")].filter((file) => /jobEngineSql(Within)?\(/.test(fs.readFileSync(file, "utf8")));
    expect(callers.sort()).toEqual(["app/modules/db/database.server.ts", "app/modules/db/program-db.server.ts", "app/modules/jobs/queue.server.ts"]);
  });
});
