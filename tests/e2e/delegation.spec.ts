import { expect, test } from "./test";
import { DEMO_PASSWORD, openMenuEntry, startSession, tenantUrl } from "./helpers";

test.use({ viewport: { width: 1280, height: 900 } });

test("an employee acts as their delegator, then goes back to their own profile", async ({ page }) => {
  await startSession(page, "acme", "employee");
  await openMenuEntry(page, "Emery Employee", "Act as a Delegate");
  await expect(page).toHaveURL(tenantUrl("acme", "/delegation"));

  await page.getByLabel("Morgan Manager").check();
  await page.getByLabel("Your password").fill("Not-my-password1!");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Incorrect Password.")).toBeVisible();
  await expect(page.getByLabel("Morgan Manager")).not.toBeChecked();

  await page.getByLabel("Morgan Manager").check();
  await page.getByLabel("Your password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(tenantUrl("acme", "/feed"));
  await expect(page.getByText("Emery Employee, you are acting on behalf of Morgan Manager.")).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Profile" })).toContainText("Morgan Manager");

  await page.getByRole("button", { name: "Back to My Profile" }).click();
  await expect(page.getByRole("complementary", { name: "Profile" })).toContainText("Emery Employee");
  await expect(page.getByText("you are acting on behalf of")).toHaveCount(0);
});

test("an admin acts as an employee", async ({ page }) => {
  await startSession(page, "acme", "admin");
  await openMenuEntry(page, "Admin", "Act as an Employee");
  await page.getByLabel("Name, username or e-mail").fill("manag");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("button", { name: "Act as Morgan Manager" }).click();
  await expect(page.getByText("Alex Admin, you are acting on behalf of Morgan Manager as an administrator. Sign out to finish.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Back to My Profile" })).toHaveCount(0);
});
