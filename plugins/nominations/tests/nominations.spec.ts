import fs from "node:fs";
import { expect, test, type Page } from "../../../tests/e2e/test";
import { expectAccessible, startSession, tenantUrl } from "../../../tests/e2e/helpers";

test.use({ viewport: { width: 1280, height: 900 } });

async function anotherPerson(page: Page) {
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled, viewport: page.viewportSize() });
  return context.newPage();
}

/** The program manager decides the waiting step of the nomination that says `message`. */
async function approveStep(page: Page, message: string, toast: string) {
  await page.goto(tenantUrl("acme", "/feed"));
  // The approvals card counts it.
  await page.getByRole("complementary", { name: "Profile" }).getByRole("link", { name: /Nominations/ }).click();
  await expect(page.getByRole("heading", { name: "Nominations", level: 1 })).toBeVisible();
  await page.getByRole("table", { name: "Nominations waiting for your decision" }).getByRole("row").filter({ hasText: "Emery Employee → Morgan Manager" }).last().getByRole("link").click();
  await expect(page.getByText(message)).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText(toast)).toBeVisible();
}

test("an employee nominates their manager, the program manager approves both steps, and the manager downloads the certificate", async ({ page }, testInfo) => {
  const message = `Morgan unblocked the ${testInfo.project.name} launch ${Date.now() % 100_000}`;
  await startSession(page, "acme", "employee", "/nomination/new");
  await expect(page.getByRole("heading", { name: "Nominate", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Submit nomination" }).click();
  await expect(page.getByText("Choose at least one person to nominate.")).toBeVisible();
  await expect(page.getByText("Choose an award level.")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Choose nominees" }).click();
  await page.getByRole("form", { name: "Nomination composer" }).getByLabel("Search by name, group or e-mail").fill("Morgan");
  if (testInfo.project.use.javaScriptEnabled === false) {
    await page.getByRole("form", { name: "Nomination composer" }).getByRole("button", { name: "Search" }).click();
    await page.getByRole("checkbox", { name: /Morgan Manager/ }).check();
    await page.getByRole("button", { name: "Add selected" }).click();
  } else {
    await page.getByRole("option", { name: /Morgan Manager/ }).click();
  }
  await expect(page.getByRole("list", { name: "Nominees" })).toContainText("Morgan Manager");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Back" }).click();
  await page.getByRole("radio", { name: "Ownership" }).check();
  await page.getByRole("radio", { name: /Silver/ }).check();
  await page.getByLabel("Why do you nominate them?").fill(message);
  await page.getByRole("button", { name: "Submit nomination" }).click();
  await expect(page.getByText("Your nomination was submitted.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your nomination of Morgan Manager" })).toBeVisible();
  await expectAccessible(page);

  const admin = await anotherPerson(page);
  await startSession(admin, "acme", "admin");
  await approveStep(admin, message, "You approved the nomination of Morgan Manager: it goes on to the next approver.");
  await expectAccessible(admin);
  await approveStep(admin, message, "You approved the nomination of Morgan Manager: it is awarded.");
  await admin.context().close();

  const manager = await anotherPerson(page);
  await startSession(manager, "acme", "manager", "/nomination/received");
  await expect(manager.getByRole("heading", { name: "Nominations", level: 1 })).toBeVisible();
  await expectAccessible(manager);
  await manager.getByRole("table", { name: "Nominations you received" }).getByRole("row").filter({ hasText: "Ownership" }).first().getByRole("link", { name: /Emery Employee/ }).click();
  await expect(manager.getByText(message)).toBeVisible();
  await expectAccessible(manager);
  const downloading = manager.waitForEvent("download");
  await manager.getByRole("link", { name: "Download the certificate (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^certificate-\d+\.pdf$/);
  expect(fs.readFileSync(await download.path()).subarray(0, 5).toString()).toBe("%PDF-");
  await manager.context().close();

  await page.goto(page.url());
  await expect(page.getByText("Approved", { exact: true }).first()).toBeVisible();
  await page.getByRole("link", { name: "← Nominations sent" }).click();
  await expectAccessible(page);
});

test("the nomination metrics show a chart and its table", async ({ page }) => {
  await startSession(page, "acme", "admin", "/report/legacy/power-metrics/nominations");
  await expect(page.getByRole("heading", { name: "Nomination metrics", level: 1 })).toBeVisible();
  await expect(page.getByRole("img", { name: /Nominations made and approved per month/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Nominations per month" })).toBeVisible();
  await expectAccessible(page);
});
