import { test as base, expect } from "@playwright/test";
import { startWorkerServer } from "./worker-server";

export { expect };
export type { Page } from "@playwright/test";

/**
 * Playwright's `test`, on a server of the worker's own (its own database and
 * demo data, so workers run side by side), failing any test whose page throws:
 * an uncaught error, or a hydration error React recovers from by dropping the
 * server's HTML of a part of the page (and whatever was typed or clicked in it
 * meanwhile).
 */
export const test = base.extend<{ pageErrors: void }, { server: { port: number } }>({
  server: [
    async ({}, use, workerInfo) => {
      const server = await startWorkerServer(workerInfo.parallelIndex);
      await use({ port: server.port });
      await server.stop();
    },
    { scope: "worker", auto: true, timeout: 150_000 },
  ],
  baseURL: async ({ server }, use) => use(`http://acme.localhost:${server.port}`),
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await use();
      expect(errors, "errors thrown in the page").toEqual([]);
    },
    { auto: true },
  ],
});
