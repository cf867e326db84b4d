import { expect, test } from "./test";
import { expectAccessible, openMenuEntry, startSession } from "./helpers";

test.use({ viewport: { width: 1280, height: 900 } });

test("an employee adds addresses, with errors beside the fields, sets a default and deletes one", async ({ page }, testInfo) => {
  const street = `${Date.now() % 100_000} ${testInfo.project.name} Street`;
  await startSession(page, "acme", "manager");
  await openMenuEntry(page, "Morgan Manager", "Addresses");
  await expect(page.getByRole("heading", { name: "Addresses", level: 1 })).toBeVisible();

  await page.getByLabel("Recipient's name").fill("Morgan Manager");
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("Enter the street address")).toBeVisible();
  await expect(page.getByText("Choose a country").last()).toBeVisible();
  await expect(page.getByLabel("Recipient's name")).toHaveValue("Morgan Manager");
  await expectAccessible(page);

  await page.getByLabel("Street address").fill(`1 ${street}`);
  await page.getByLabel("Country").selectOption({ label: "Canada" });
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("Address added.")).toBeVisible();
  await page.getByLabel("Recipient's name").fill("Morgan Manager");
  await page.getByLabel("Street address").fill(`2 ${street}`);
  await page.getByLabel("Postal code (optional)").fill("k1a 0b1");
  await page.getByLabel("Country").selectOption({ label: "Canada" });
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("K1A 0B1")).toBeVisible();

  await page.getByRole("button", { name: `Make 2 ${street} the default` }).click();
  await expect(page.getByText("Default address changed.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: `2 ${street}` })).toContainText("Default");
  await page.getByRole("button", { name: `Delete 2 ${street}` }).click();
  await expect(page.getByText("Address deleted.")).toBeVisible();
  await expect(page.getByText(`2 ${street}`)).toHaveCount(0);
  await expectAccessible(page);
});
