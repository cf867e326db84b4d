import { expect, test, type Page } from "./test";
import { expectAccessible, startSession } from "./helpers";

test.use({ viewport: { width: 1280, height: 900 } });

async function anotherPerson(page: Page) {
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled, viewport: page.viewportSize() });
  return context.newPage();
}

test("a manager asks for more points to give, the program manager approves fewer, and the manager sees it", async ({ page }, testInfo) => {
  const reason = `Launch party ${testInfo.project.name} ${Date.now() % 100_000}`;
  await startSession(page, "acme", "manager");
  await page.getByRole("link", { name: "Request More Points" }).click();
  await expect(page.getByRole("heading", { name: "Request More Points", level: 1 })).toBeVisible();
  await page.getByLabel("Points", { exact: true }).fill("12x");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Point values must be a positive whole number.")).toBeVisible();
  await expect(page.getByText("Say what the points are for")).toBeVisible();
  await expect(page.getByLabel("Points", { exact: true })).toHaveValue("12x");
  await expectAccessible(page);

  await page.getByLabel("Points", { exact: true }).fill("1200");
  await page.getByLabel("What are they for?").fill(reason);
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("textbox", { name: "Message" }).or(page.getByText("Your request for 1,200 points was sent for approval.")).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Points request", level: 1 })).toBeVisible();
  await expect(page.getByText("Pending", { exact: true })).toBeVisible();
  const detail = page.url();
  await expectAccessible(page);

  const admin = await anotherPerson(page);
  await startSession(admin, "acme", "admin");
  await admin.getByRole("link", { name: "Points requests" }).click();
  await expect(admin.getByRole("heading", { name: "Points requests", level: 1 })).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole("row").filter({ hasText: reason }).getByRole("link", { name: "Morgan Manager" }).click();
  await expect(admin.getByRole("heading", { name: "Morgan Manager's points request" })).toBeVisible();
  await expect(admin.getByLabel("Points to approve")).toHaveValue("1200");
  await expectAccessible(admin);
  await admin.getByRole("button", { name: "Deny" }).click();
  await expect(admin.getByText("Say why, for the requester")).toBeVisible();
  await admin.getByLabel("Points to approve").fill("1000");
  await admin.getByLabel("Comment for the requester").fill("Starting with this");
  await admin.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText("You approved 1,000 points for Morgan Manager.")).toBeVisible();
  await expect(admin.getByRole("row").filter({ hasText: reason })).toContainText("Approved");
  await admin.context().close();

  await page.goto(detail);
  await expect(page.getByText("Approved", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Starting with this").first()).toBeVisible();
  await page.getByRole("link", { name: "← Your requests" }).click();
  await expect(page.getByRole("row").filter({ hasText: reason })).toContainText("1,000");
});

test("a program manager gives an allowance and passes an absent approver's requests on", async ({ page }) => {
  await startSession(page, "acme", "admin", "/program-settings/allowances");
  await expect(page.getByRole("heading", { name: "Program Settings", level: 1 })).toBeVisible();
  await page.getByLabel("Person's sign-in name or e-mail").fill("nobody@example.com");
  await page.getByLabel("Points each period").fill("500");
  await page.getByRole("button", { name: "Save allowance" }).click();
  await expect(page.getByText("No active person in this program has that sign-in name or e-mail.")).toBeVisible();
  await expect(page.getByLabel("Points each period")).toHaveValue("500");
  await expectAccessible(page);
  await page.getByLabel("Person's sign-in name or e-mail").fill("newhire");
  await page.getByLabel("Unused points expire after (days, optional)").fill("30");
  await page.getByRole("button", { name: "Save allowance" }).click();
  await expect(page.getByText("The allowance was saved: this period's points are being granted now.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Nico Newhire" }).first()).toContainText("Expire after 30 days");

  await page.getByRole("link", { name: "Approvers" }).click();
  await expect(page.getByRole("table", { name: "Approvers" })).toContainText("Morgan Manager");
  await expectAccessible(page);
  await page.getByLabel("From", { exact: true }).selectOption({ label: "Morgan Manager" });
  await page.getByLabel("To", { exact: true }).selectOption({ label: "Morgan Manager" });
  await page.getByRole("button", { name: "Pass requests" }).click();
  await expect(page.getByText("Choose another approver")).toBeVisible();
  await page.getByLabel("To", { exact: true }).selectOption({ label: "Alex Admin" });
  await page.getByRole("button", { name: "Pass requests" }).click();
  await expect(page.getByText(/passed from Morgan Manager to Alex Admin|Nothing waited for Morgan Manager/)).toBeVisible();
});
