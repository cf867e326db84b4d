import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { versionedCache, type KeptAccess } from "~/modules/db/versioned-cache.server";
import { ownVersions } from "~/modules/employees/service.server";
import { createTestApp, keptAccessIn, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
});
afterAll(() => testApp.close());

/** A fresh request's access in a program, as the demo admin: each takes the versions anew. */
const accessIn = (subdomain: string) => keptAccessIn(testApp.app, subdomain, "admin");

/** A kept read that says which program and which of its reads answered. */
function counted(cache: ReturnType<typeof versionedCache>) {
  const reads: string[] = [];
  const read = (access: KeptAccess, key: string) =>
    cache(access, key, async () => {
      const answer = `${access.db.programId}:${key}:${reads.length}`;
      reads.push(answer);
      return answer;
    });
  return { reads, read };
}

describe("versionedCache", () => {
  it("keeps each program's reads apart, under the same key", async () => {
    const { read } = counted(versionedCache({ limit: 10, changeVersion: "viewer" }));
    const acme = await accessIn("acme");
    const globex = await accessIn("globex");
    const first = await read(acme, "list");
    expect(await read(globex, "list")).not.toBe(first);
    expect(await read(await accessIn("acme"), "list")).toBe(first);
    expect(first.startsWith(`${tenantOf(testApp.app, "acme").programId}:`)).toBe(true);
  });

  it("reads again once the version moves", async () => {
    const { read, reads } = counted(versionedCache({ limit: 10, changeVersion: "viewer" }));
    const before = await read(await accessIn("acme"), "list");
    expect(await read(await accessIn("acme"), "list")).toBe(before);
    const acme = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
    await acme.updateTable("employee").set({ job_title: "Head of Kept Reads" }).where("login_id", "=", "employee").execute();
    expect(await read(await accessIn("acme"), "list")).not.toBe(before);
    expect(reads).toHaveLength(2);
  });

  it("keeps what is kept under the viewer's own version across another person's change, and reads again at their own", async () => {
    const { read, reads } = counted(versionedCache({ limit: 10, changeVersion: ({ viewer }) => ownVersions(viewer.employee.id) }));
    const acme = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
    const before = await read(await accessIn("acme"), "own");
    await acme.updateTable("employee").set({ job_title: "Colleague of the admin" }).where("login_id", "=", "employee").execute();
    expect(await read(await accessIn("acme"), "own")).toBe(before);
    await acme.updateTable("employee").set({ job_title: "Admin of Kept Reads" }).where("login_id", "=", "admin").execute();
    expect(await read(await accessIn("acme"), "own")).not.toBe(before);
    expect(reads).toHaveLength(2);
  });

  it("bounds the process, not each program: the least recently used key of any program goes first", async () => {
    const { read, reads } = counted(versionedCache({ limit: 2, changeVersion: "viewer" }));
    const acme = await accessIn("acme");
    const globex = await accessIn("globex");
    await read(acme, "a");
    await read(globex, "a");
    await read(acme, "a");
    await read(acme, "b");
    expect(reads).toHaveLength(3);
    // Globex's key was the least recently used of the three: it went, acme's two stayed.
    await read(acme, "a");
    await read(acme, "b");
    expect(reads).toHaveLength(3);
    await read(globex, "a");
    expect(reads).toHaveLength(4);
  });

  it("keeps no read that failed, and shares one read between requests that miss together", async () => {
    const cache = versionedCache({ limit: 10, changeVersion: "viewer" });
    const acme = await accessIn("acme");
    let calls = 0;
    const failing = () => cache(acme, "failing", async () => Promise.reject(new Error(`read ${++calls}`)));
    await expect(failing()).rejects.toThrow("read 1");
    await expect(failing()).rejects.toThrow("read 2");
    let shared = 0;
    const slow = () => cache(acme, "slow", () => new Promise((resolve) => setTimeout(() => resolve(++shared), 20)));
    expect(await Promise.all([slow(), slow(), slow()])).toEqual([1, 1, 1]);
  });
});
