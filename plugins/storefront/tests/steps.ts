import type { Page } from "@playwright/test";
import { tenantUrl } from "../../../tests/e2e/helpers";

/**
 * Waits, with JavaScript, for the storefront's step to turn into the modal dialog. It does so as
 * the page hydrates, and moves as it does (to the middle of the screen, 40 px down on a desktop):
 * a click meanwhile lands where its target was, on whatever is there now. Without JavaScript the
 * step is a page and stays put.
 */
export async function untilStepIsModal(page: Page) {
  if (!(await page.evaluate(() => "__remixContext" in window))) return;
  await page.waitForFunction(() => [...document.querySelectorAll("dialog")].some((dialog) => dialog.matches(":modal")));
}

/** Loads one of Acme's storefront steps as a page, ready to be used. */
export async function openStep(page: Page, pathname: string) {
  await page.goto(tenantUrl("acme", pathname));
  await untilStepIsModal(page);
}
