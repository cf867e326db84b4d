import { describe, expect, it } from "vitest";
import { adminCookie, hostileParams, port, routes, serveForCorpus, withParams } from "../setup/hostile-corpus";
import { requestHost } from "../setup/http-client";

serveForCorpus();

describe("the hostile-input corpus", () => {
  it("never gets a 500 from a page, whatever its ids and query", async () => {
    const failures: string[] = [];
    for (const route of await routes()) {
      const paths = route.hasParams ? hostileParams.map((value) => withParams(route.path, value)) : [route.path];
      for (const path of paths) {
        for (const query of ["", "?page=99999999999999999999", "?page=-1&cursor=%00", "?redirectTo=%00&lot=%00%01", `?q=${"x".repeat(5000)}`]) {
          const response = await requestHost(port, "acme.localhost", `${path}${query}`, { headers: { Cookie: await adminCookie() } });
          if (response.status >= 500) failures.push(`${response.status} GET ${path}${query}`.slice(0, 200));
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
