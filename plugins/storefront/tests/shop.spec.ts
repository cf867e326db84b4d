import { expect, test } from "../../../tests/e2e/test";
import { expectAccessible, pointsToSpend, startSession, tenantUrl, untilInteractive } from "../../../tests/e2e/helpers";
import { openStep } from "./steps";

test.use({ viewport: { width: 1280, height: 900 } });

test("the shop of someone with points and no awards opens on where to redeem; the gift-card catalogue narrows by category and search", async ({ page, javaScriptEnabled }) => {
  await startSession(page, "acme", "manager");
  await untilInteractive(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop" }).click();
  await expect(page.getByRole("heading", { name: "Choose where to redeem" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Digital Gift Card" }).click();
  await expect(page.getByRole("heading", { name: "Digital Gift Card" })).toBeVisible();
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Entertainment" }).click();
  await expect(page.getByRole("list", { name: "Brands" }).getByRole("link")).toHaveCount(2);
  await page.getByLabel("Search brands").fill("books");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("list", { name: "Brands" }).getByRole("link")).toHaveCount(1);
  await expectAccessible(page);
  await page.getByRole("link", { name: /Northwind Books/ }).click();
  await expect(page.getByRole("heading", { name: "Select Amount" })).toBeVisible();

  // With JavaScript the steps are the spec's dialog, modal over the page, and Escape closes it; without, each is a page with Close.
  const step = page.getByRole("dialog", { name: "Select Amount" });
  expect(await step.evaluate((element) => element.matches(":modal"))).toBe(javaScriptEnabled);
  if (javaScriptEnabled) await page.keyboard.press("Escape");
  else await page.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(tenantUrl("acme", "/feed"));
});

test("an employee buys a gift card with points: the amount and e-mail checked, the card shown and e-mailed, the points taken", async ({ page }) => {
  await startSession(page, "acme", "employee");
  const before = await pointsToSpend(page);
  await openStep(page, "/storefront/gift-cards/northwind-books");
  await expect(page.getByRole("heading", { name: "Select Amount" })).toBeVisible();
  await page.getByLabel("Amount (USD)").fill("4");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("The least you can order is $5.00")).toBeVisible();
  await expect(page.getByLabel("Amount (USD)")).toHaveValue("4");
  await expectAccessible(page);
  await page.getByLabel("Amount (USD)").fill("10");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: "Delivery email" })).toBeVisible();
  await expect(page.getByText("1,000", { exact: true })).toBeVisible();
  const email = page.getByRole("textbox", { name: "Delivery email" });
  const address = await email.inputValue();
  expect(address).toContain("@");
  await email.fill("not an address");
  if (await page.evaluate(() => "__remixContext" in window)) {
    // With JavaScript, Continue waits for an address; without, the server says what is wrong.
    await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
  } else {
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Enter valid email address")).toBeVisible();
    await expect(email).toHaveValue("not an address");
    await expectAccessible(page);
  }
  await email.fill(address);
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: "Order Complete" })).toBeVisible();
  const cardNumber = await page.locator("dt", { hasText: "Card number" }).locator("xpath=following-sibling::dd[1]").innerText();
  expect(cardNumber).toMatch(/^SBX-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
  await expectAccessible(page);

  await page.getByRole("link", { name: "Close" }).last().click();
  await expect(page).toHaveURL(tenantUrl("acme", "/feed"));
  expect(await pointsToSpend(page)).toBe(before - 1_000);

  const mail = page.getByRole("link", { name: "Your Northwind Books gift card" }).first();
  await expect(async () => {
    await page.goto(tenantUrl("acme", "/dev/outbox"));
    await expect(mail).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await mail.click();
  await expect(page.getByText(cardNumber).first()).toBeVisible();
  // An order's card is sent because of the order, not by notification settings.
  await expect(page.getByText("You get this e-mail because this gift card was ordered in Acme").first()).toBeVisible();

  await page.goto(tenantUrl("acme", "/storefront/orders"));
  await expect(page.getByRole("row").filter({ hasText: "Northwind Books" }).first()).toContainText("Complete");
});

