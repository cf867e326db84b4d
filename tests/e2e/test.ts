import { test as base, expect } from "@playwright/test";

export { expect };
export type { Page } from "@playwright/test";

/**
 * Playwright's `test`, failing any test whose page throws: an uncaught error,
 * or a hydration error React recovers from by dropping the server's HTML of a
 * part of the page (and whatever was typed or clicked in it meanwhile).
 */
export const test = base.extend<{ pageErrors: void }>({
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
