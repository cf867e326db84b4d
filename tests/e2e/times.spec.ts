import { expect, test } from "./test";
import { startSession, tenantUrl } from "./helpers";

/** A time as the pages show it, in Acme's zone (America/New_York), named or not. */
const named = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T$/;
const unnamed = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/;

test.describe("a viewer elsewhere", () => {
  test.use({ timezoneId: "Europe/Berlin" });

  test("reads every time in the program's zone, named, on every page however it was reached", async ({ page }) => {
    await startSession(page, "acme", "manager", "/transaction-history/my-points");
    await expect(page.getByRole("table").locator("time").first()).toHaveText(named);
    await page.goto(tenantUrl("acme", "/transaction-history/discretionary-points"));
    await expect(page.getByRole("table").locator("time").first()).toHaveText(named);
    await page.getByRole("table").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/view\//);
    await expect(page.getByRole("main").locator("time").first()).toHaveText(named);
    await page.goto(tenantUrl("acme", "/notifications"));
    await expect(page.getByRole("main").locator("time").first()).toHaveText(named);
  });
});

test.describe("a viewer in the program's zone", () => {
  test.use({ timezoneId: "America/New_York" });

  test("needs no zone name once the browser has said where it is (with JavaScript); without, the zone is named", async ({ page }, testInfo) => {
    await startSession(page, "acme", "manager", "/transaction-history/my-points");
    await expect(page.getByRole("table").locator("time").first()).toHaveText(named);
    await page.reload();
    const expected = testInfo.project.use.javaScriptEnabled === false ? named : unnamed;
    await expect(page.getByRole("table").locator("time").first()).toHaveText(expected);
    await page.goto(tenantUrl("acme", "/transaction-history/discretionary-points"));
    await expect(page.getByRole("table").locator("time").first()).toHaveText(expected);
  });
});
