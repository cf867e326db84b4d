import fs from "node:fs/promises";
import { expect, test } from "../../../tests/e2e/test";
import { expectAccessible, expectReadableTables, openMenuEntry, passTwoFactor, pointsToSpend, signIn, signOut, startSession, tenantUrl } from "../../../tests/e2e/helpers";

test.use({ viewport: { width: 1280, height: 900 } });

/** A redeem code as printed: two groups of five. */
const PRINTED_CODE = /^[A-Z0-9]{5}-[A-Z0-9]{5}$/;

const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;

test("an admin creates, exports and activates a lot; an employee redeems a code and the tile changes", async ({ page }, testInfo) => {
  const lotName = `Cards ${testInfo.project.name} ${Date.now()}`;
  await startSession(page, "acme", "admin");
  await openMenuEntry(page, "Admin", "Create Lots");
  await expect(page).toHaveURL(tenantUrl("acme", "/create-lot"));

  await page.getByLabel("Name").fill(lotName);
  await page.getByLabel("Number of codes").fill("3");
  await page.getByLabel("Points per code").fill("400");
  await page.getByLabel("Expires on").fill(nextYear);
  await page.getByRole("button", { name: "Create lot" }).click();
  const created = page.getByText(/^Lot [A-Z0-9]{5} was created with 3 codes\.$/);
  await expect(created).toBeVisible();
  const lotCode = /Lot ([A-Z0-9]{5})/.exec(await created.innerText())![1];

  const row = page.getByRole("row").filter({ hasText: lotName });
  await expect(row).toContainText("Awaiting activation");
  expect(await expectReadableTables(page)).toBeGreaterThan(1);
  await expectAccessible(page);
  const print = await page.context().newPage();
  await print.goto(tenantUrl("acme", (await row.getByRole("link", { name: "Print" }).getAttribute("href"))!));
  await expect(print.getByText(PRINTED_CODE).first()).toBeVisible();
  await expectAccessible(print);
  await print.close();
  const download = page.waitForEvent("download");
  await row.getByRole("link", { name: "Codes CSV" }).click();
  const csv = await fs.readFile(await (await download).path(), "utf8");
  const codes = csv.trim().split("\r\n").slice(1).map((line) => line.split(",")[2]);
  expect(codes).toHaveLength(3);
  for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);

  await page.goto(tenantUrl("acme", "/feed"));
  await page.getByPlaceholder("Enter Lot").fill(lotCode.toLowerCase());
  await page.getByRole("button", { name: "Activate" }).click();
  await expect(page.getByText(`Lot ${lotCode} has been activated.`)).toBeVisible();
  await signOut(page, "Alex Admin");

  await startSession(page, "acme", "employee");
  const before = await pointsToSpend(page);
  await page.getByLabel("Code").fill(codes[0]);
  await page.getByRole("button", { name: "Redeem" }).click();
  const toast = page.getByText("You've successfully added 400 points to your account...");
  await expect(toast).toBeVisible();
  await expect.poll(() => pointsToSpend(page)).toBe(before + 400);

  // With JavaScript the snackbar hides itself; without it, it is plain HTML that stays until the next page.
  if (testInfo.project.name === "js-on") await expect(toast).toBeHidden({ timeout: 8_000 });

  await page.getByLabel("Code").fill(codes[0]);
  await page.getByRole("button", { name: "Redeem" }).click();
  await expect(page.getByText("Code is not valid")).toBeVisible();
  await expect(page.getByLabel("Code")).toHaveValue(codes[0]);
});

test("a lot the bucket cannot fund leads to the error page; after a deposit it activates", async ({ page }, testInfo) => {
  await startSession(page, "acme", "admin");
  await page.goto(tenantUrl("acme", "/create-lot"));
  await page.getByLabel("Name").fill(`Too big ${testInfo.project.name}`);
  await page.getByLabel("Number of codes").fill("1000");
  await page.getByLabel("Points per code").fill("100000");
  await page.getByLabel("Expires on").fill(nextYear);
  await page.getByRole("button", { name: "Create lot" }).click();
  const lotCode = /Lot ([A-Z0-9]{5})/.exec(await page.getByText(/^Lot [A-Z0-9]{5} was created/).innerText())![1];

  await page.goto(tenantUrl("acme", "/activate-lot"));
  await expectAccessible(page);
  await page.getByPlaceholder("Enter Lot").fill(lotCode);
  await page.getByRole("button", { name: "Activate" }).click();
  await expect(page).toHaveURL(tenantUrl("acme", `/activate-lot-error?lot=${lotCode}`));
  await expect(page.getByRole("heading", { name: `Lot ${lotCode} could not be activated` })).toBeVisible();
  await expect(page.getByText("100,000,000")).toBeVisible();
  await expectAccessible(page);

  await openMenuEntry(page, "Admin", "Program Settings");
  await page.getByRole("link", { name: "Points bucket" }).click();
  await page.getByLabel("Points to add").fill("100000000");
  await page.getByLabel("Reason").fill("Annual budget");
  await page.getByRole("button", { name: "Add points" }).click();
  await expect(page.getByText("100,000,000 points added to the program's bucket.")).toBeVisible();

  await page.goto(tenantUrl("acme", "/activate-lot"));
  await page.getByPlaceholder("Enter Lot").fill(lotCode);
  await page.getByRole("button", { name: "Activate" }).click();
  await expect(page.getByText(`Lot ${lotCode} has been activated.`)).toBeVisible();
});

test("a program manager switches lots off, and its menu entries, card and pages are gone", async ({ page }) => {
  await startSession(page, "acme", "admin");
  await openMenuEntry(page, "Admin", "Program Settings");
  await page.getByRole("checkbox", { name: /^Lots/ }).uncheck();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Program settings saved.")).toBeVisible();
  await expect(page.getByText("Lots: switched off")).toBeVisible();

  await page.goto(tenantUrl("acme", "/feed"));
  await expect(page.getByPlaceholder("Enter Lot")).toHaveCount(0);
  await page.getByRole("navigation", { name: "Main" }).getByText("Admin", { exact: true }).filter({ visible: true }).click();
  await expect(page.getByText("Create Lots")).toHaveCount(0);
  await page.goto(tenantUrl("acme", "/create-lot"));
  await expect(page).toHaveURL(tenantUrl("acme", "/feed"));

  await page.goto(tenantUrl("acme", "/program-settings"));
  await page.getByRole("checkbox", { name: /^Lots/ }).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Program settings saved.")).toBeVisible();
  await page.goto(tenantUrl("acme", "/create-lot"));
  await expect(page).toHaveURL(tenantUrl("acme", "/create-lot"));
});

test("the lot history reads as cards on a phone, each value beside its label", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startSession(page, "acme", "admin", "/create-lot");
  const history = page.getByRole("list", { name: "Lot history" });
  const first = history.getByRole("listitem").first();
  await expect(first.getByRole("term").filter({ hasText: "Value" })).toBeVisible();
  await expect(page.getByRole("table")).toBeHidden();
  await expectReadableTables(page);
});

test("globex has lots off: its routes redirect to the feed", async ({ page }) => {
  await signIn(page, "globex", "admin");
  await passTwoFactor(page, "globex");
  await page.goto(tenantUrl("globex", "/activate-lot"));
  await expect(page).toHaveURL(tenantUrl("globex", "/feed"));
});
