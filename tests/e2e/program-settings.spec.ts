import { expect, test } from "./test";
import { startSession, tenantUrl } from "./helpers";

test.use({ viewport: { width: 1280, height: 900 } });

test("a program manager edits several sections and saves them at once; the history names what changed", { tag: "@smoke" }, async ({ page }, testInfo) => {
  const notice = `Office closed on Friday (${testInfo.project.name})`;
  await startSession(page, "acme", "admin", "/program-settings");

  await page.getByLabel("Contact-us headline").fill("x".repeat(121));
  await page.getByLabel("New notice").fill(notice);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("A headline has at most 120 characters")).toBeVisible();
  await expect(page.getByLabel("New notice")).toHaveValue(notice);

  await page.getByLabel("Contact-us headline").fill("Questions? Ask us");
  await page.getByLabel("Contact-us card on the home page").uncheck();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Program settings saved.")).toBeVisible();
  await expect(page.getByLabel("New notice")).toHaveValue("");

  const latest = page.getByRole("region", { name: "Change history" }).getByRole("listitem").first();
  await expect(latest).toContainText("Contact-us card on the home page: switched off");
  await expect(latest).toContainText("Contact-us headline: “Questions about Acme Applause?” → “Questions? Ask us”");
  await expect(latest).toContainText(`Notice added: “${notice}”`);

  await page.goto(tenantUrl("acme", "/feed"));
  await expect(page.getByText(notice)).toBeVisible();

  await page.goto(tenantUrl("acme", "/program-settings"));
  await page.getByLabel(`Remove notice: ${notice}`).check();
  await page.getByLabel("Contact-us headline").fill("Questions about Acme Applause?");
  await page.getByLabel("Contact-us card on the home page").check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Program settings saved.")).toBeVisible();
  await expect(page.getByText(`Notice removed: “${notice}”`)).toBeVisible();
});

test("the points bucket has its own page: a deposit is checked and recorded", async ({ page }) => {
  await startSession(page, "acme", "admin", "/program-settings");
  await page.getByRole("navigation", { name: "Program settings" }).getByRole("link", { name: "Points bucket" }).click();
  await expect(page).toHaveURL(tenantUrl("acme", "/program-settings/points-bucket"));
  await page.getByLabel("Points to add").fill("1e3");
  await page.getByLabel("Reason").fill("Q1 budget");
  await page.getByRole("button", { name: "Add points" }).click();
  await expect(page.getByText("Point values must be a positive whole number.")).toBeVisible();
  await page.getByLabel("Points to add").fill("2500");
  await page.getByRole("button", { name: "Add points" }).click();
  await expect(page.getByText("2,500 points added to the program's bucket.")).toBeVisible();
});
