import { expect, test } from "../../../tests/e2e/test";
import { expectAccessible, openMenuEntry, pointsToSpend, startSession, tenantUrl } from "../../../tests/e2e/helpers";
import { openStep, untilStepIsModal } from "./steps";

test.use({ viewport: { width: 1280, height: 900 } });

test("an order the provider declines shows ERROR with the points back; a failed resubmit shows ERROR2", async ({ page }) => {
  await startSession(page, "acme", "manager");
  const before = await pointsToSpend(page);
  await openStep(page, "/storefront/gift-cards/harbor-coffee");
  await page.getByRole("radio", { name: "$5.00" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("textbox", { name: "Delivery email" }).fill("manager@decline.example");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByText("This is embarrassing... An error has occurred on our end. Please resubmit your order.")).toBeVisible();
  await expect(page.getByText("manager@decline.example")).toBeVisible();
  await expect(page.getByText("$5.00")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Resubmit" }).click();
  await expect(page.getByText(/Please contact Customer Service/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Close" }).last().click();
  expect(await pointsToSpend(page)).toBe(before);
  await page.goto(tenantUrl("acme", "/storefront/orders"));
  await expect(page.getByRole("row").filter({ hasText: "Harbor Coffee" }).first()).toContainText("Failed");
  await expectAccessible(page);
});

test("program managers see failed orders with the provider's reason, and choose the brands offered", async ({ page }) => {
  // An order of the admin's own that the provider declines.
  await startSession(page, "acme", "admin", "/storefront/gift-cards/harbor-coffee");
  await untilStepIsModal(page);
  await page.getByRole("radio", { name: "$5.00" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("textbox", { name: "Delivery email" }).fill("admin@decline.example");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(/This is embarrassing/)).toBeVisible();
  // With JavaScript the steps are a modal dialog over an inert page: closed first.
  await page.getByRole("link", { name: "Close" }).first().click();

  await openMenuEntry(page, "Admin", "Gift Card Orders");
  await page.getByRole("navigation", { name: "Order status" }).getByRole("link", { name: "Failed" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Alex Admin" }).first()).toContainText("SANDBOX_DECLINED");
  await expectAccessible(page);
  await openMenuEntry(page, "Admin", "Gift Card Brands");
  await expect(page.getByRole("checkbox", { name: "Northwind Books" })).toBeChecked();
  await page.getByRole("button", { name: "Save brands" }).click();
  await expect(page.getByText("Saved: 12 of 12 brands are offered.")).toBeVisible();
  await expectAccessible(page);
});
