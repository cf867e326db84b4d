import { expect, test } from "../../../tests/e2e/test";
import { expectAccessible, passTwoFactor, startSession, untilInteractive } from "../../../tests/e2e/helpers";

test.use({ viewport: { width: 1280, height: 900 } });

test("the shop opens the global rewards store in a new tab, signed in as the employee with their points", async ({ page, javaScriptEnabled }) => {
  await startSession(page, "globex", "manager");
  await passTwoFactor(page, "globex");
  await untilInteractive(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop" }).click();
  await expect(page.getByRole("heading", { name: "Choose where to redeem" })).toBeVisible();
  await expectAccessible(page);

  const [store] = await Promise.all([page.waitForEvent("popup"), page.getByRole("link", { name: /Global Rewards/ }).click()]);
  if (!javaScriptEnabled) {
    await expect(store.getByText("You are being signed in to the Global Rewards store.")).toBeVisible();
    await expectAccessible(store);
    await store.getByRole("button", { name: "Continue to Global Rewards" }).click();
  }
  await expect(store.getByRole("heading", { name: "Global Rewards sandbox" })).toBeVisible();
  await expect(store.getByRole("status")).toHaveText("Welcome, Morgan Manager");
  await expect(store.getByText(/points to spend, worth €/)).toBeVisible();
  await expectAccessible(store);
});
