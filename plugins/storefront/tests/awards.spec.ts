import sharp from "sharp";
import { expect, test } from "../../../tests/e2e/test";
import { expectAccessible, openMenuEntry, pointsToSpend, startSession, tenantUrl, untilInteractive } from "../../../tests/e2e/helpers";

test.use({ viewport: { width: 1280, height: 900 } });

test("an employee redeems their service award from the notifications page for a gift card of its value, with no points taken", async ({ page }) => {
  await startSession(page, "acme", "employee");
  const points = await pointsToSpend(page);
  // With points and an award, the shop asks which to spend first (page 1); award credit preselects the award (page 3).
  await untilInteractive(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop" }).click();
  await expect(page.getByRole("heading", { name: "Shop with" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Award credit" }).click();
  await expect(page.getByRole("heading", { name: "Choose where to redeem" })).toBeVisible();
  await expect(page.getByText("Redeeming your 5-Year Service Award, worth $100.00.")).toBeVisible();
  await expectAccessible(page);

  await page.goto(tenantUrl("acme", "/notifications"));
  const awards = page.getByRole("region", { name: "Your service awards" });
  await expect(awards.getByText("5-Year Service Award: 5 years of service, $100.00")).toBeVisible();
  await expectAccessible(page);
  await awards.getByRole("link", { name: "Redeem Award" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "5-Year Service Award" })).toBeVisible();
  await expect(page.getByText("Congratulations on 5 years with us!")).toBeVisible();
  const awardPage = new URL(page.url()).pathname;
  await expectAccessible(page);
  await page.getByRole("link", { name: "Redeem Award" }).click();
  await expect(page.getByText("Redeeming your 5-Year Service Award, worth $100.00.")).toBeVisible();
  await page.getByRole("link", { name: "Digital Gift Card" }).click();

  await expect(page.getByRole("heading", { name: "Redeem your award" })).toBeVisible();
  await page.getByRole("textbox", { name: "Delivery email" }).fill("not an address");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Choose a gift card")).toBeVisible();
  await expect(page.getByText("Enter valid email address")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Delivery email" })).toHaveValue("not an address");
  await expectAccessible(page);
  await page.getByLabel("Northwind Books").check();
  await page.getByRole("textbox", { name: "Delivery email" }).fill("emery.home@example.org");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: "Order Complete" })).toBeVisible();
  await expect(page.getByText("$100.00").first()).toBeVisible();
  await page.getByRole("link", { name: "Close" }).last().click();
  await expect(page).toHaveURL(tenantUrl("acme", "/feed"));
  expect(await pointsToSpend(page)).toBe(points);
  // Redeemed: the award is no longer open, so its page goes to the feed.
  await page.goto(tenantUrl("acme", awardPage));
  await expect(page).toHaveURL(tenantUrl("acme", "/feed"));
});

test("a program manager adds a service award type, with errors beside the fields and what was typed kept, and gives it a picture", async ({ page }) => {
  await startSession(page, "acme", "admin");
  await openMenuEntry(page, "Admin", "Service Award Types");
  await expect(page.getByRole("heading", { level: 1, name: "Service award types" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "10-Year Service Award" })).toContainText("$200.00");
  const name = `${test.info().project.name} 40-Year Service Award`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Years of service").fill("40");
  await page.getByLabel("Value (USD)").fill("a lot");
  await page.getByRole("button", { name: "Add award type" }).click();
  await expect(page.getByText("Enter the award's value, like 100.00")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expectAccessible(page);
  await page.getByLabel("Value (USD)").fill("800");
  await page.getByRole("button", { name: "Add award type" }).click();
  await expect(page.getByText(`Saved ${name}.`)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("$800.00");

  // Its picture: a file that is not one is refused beside the field, a picture is shown.
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await page.getByLabel("Upload a picture").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("these are notes") });
  await page.getByRole("region", { name: "Picture" }).getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("This file is not an image. Choose a JPEG, PNG, WebP or GIF picture.")).toBeVisible();
  const picture = await sharp({ create: { width: 320, height: 160, channels: 3, background: "#1d4ed8" } }).png().toBuffer();
  await page.getByLabel("Upload a picture").setInputFiles({ name: "medal.png", mimeType: "image/png", buffer: picture });
  await page.getByRole("region", { name: "Picture" }).getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("Saved the picture.")).toBeVisible();
  await expect(page.getByRole("img", { name: "The award's picture" })).toBeVisible();
  await expectAccessible(page);
});
