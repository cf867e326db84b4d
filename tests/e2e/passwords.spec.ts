import { expect, test, type Page } from "./test";
import { DEMO_PASSWORD, expectAccessible, openMenuEntry, signIn, startSession, tenantUrl } from "./helpers";

test.use({ viewport: { width: 1280, height: 900 } });

/**
 * The newest e-mail with this subject, read in the dev outbox by a program manager (in the demo,
 * only they read other people's mail), and its link followed by the signed-out visitor.
 */
async function followEmailLink(page: Page, subject: string) {
  const admin = await page.context().browser()!.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const outbox = await admin.newPage();
  await startSession(outbox, "acme", "admin", "/dev/outbox");
  // The e-mail goes out just after the reply: look again until it is there.
  await expect(async () => {
    await outbox.reload();
    await expect(outbox.getByRole("link", { name: subject }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await outbox.getByRole("link", { name: subject }).first().click();
  const link = await outbox.getByRole("link", { name: /\/reset\/set\// }).getAttribute("href");
  await admin.close();
  await page.goto(link!);
}

async function choosePassword(page: Page, password: string) {
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("Confirm new password").fill(password);
}

test("a password is reset from the e-mailed link", { tag: "@smoke" }, async ({ page }, testInfo) => {
  await page.goto(tenantUrl("acme", "/login"));
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  // The login page has a field with the same label: wait for the reset page before typing.
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Username or e-mail").fill("manager");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(/If that account exists, we've sent an e-mail/)).toBeVisible();

  await followEmailLink(page, "Reset your Acme Corporation password");
  await expect(page.getByRole("heading", { name: "Choose your password" })).toBeVisible();
  await choosePassword(page, "weak");
  if (testInfo.project.name === "js-on") {
    await expect(page.getByRole("list", { name: "Password requirements" })).toContainText("A lower-case letter (met)");
  }
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Does not meet requirements")).toBeVisible();

  // The same password as before, so the other tests' sign-ins still work.
  await choosePassword(page, DEMO_PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(tenantUrl("acme", "/login"));
  await expect(page.getByText("Password has been set")).toBeVisible();
  await signIn(page, "acme", "manager");
  await expect(page).toHaveURL(tenantUrl("acme", "/feed"));

  const used = await page.goto(tenantUrl("acme", "/dev/outbox"));
  expect(used?.status()).toBe(200);
  await page.getByRole("link", { name: "Reset your Acme Corporation password" }).first().click();
  await page.getByRole("link", { name: /\/reset\/set\// }).click();
  await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
});

test("an invited employee sets up the account, then signs in", async ({ page }) => {
  await page.goto(tenantUrl("acme", "/login"));
  await page.getByRole("link", { name: "First time here? Set up your account" }).click();
  await expect(page.getByRole("heading", { name: "Set up your account" })).toBeVisible();
  await page.getByLabel("Username or e-mail").fill("invited@acme.example.com");
  await page.getByRole("button", { name: "Send set-up link" }).click();
  await expect(page.getByText(/If that account exists/)).toBeVisible();

  await followEmailLink(page, "Set up your Acme Corporation account");
  await choosePassword(page, "Ivy-Starts-2026!");
  await page.getByLabel("Confirm new password").fill("Ivy-Starts-2026?");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await choosePassword(page, "Ivy-Starts-2026!");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Password has been set")).toBeVisible();

  await page.getByLabel("Username or e-mail").fill("invited");
  await page.getByLabel("Password").fill("Ivy-Starts-2026!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(tenantUrl("acme", "/feed"));
});

test("a new hire must change the password before anything else", async ({ page }) => {
  await signIn(page, "acme", "newhire");
  await expect(page).toHaveURL(tenantUrl("acme", "/change-password"));
  await expectAccessible(page);
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("main")).toHaveCount(1);
  await page.goto(tenantUrl("acme", "/transaction-history"));
  await expect(page).toHaveURL(tenantUrl("acme", "/change-password"));
  // Someone who will not choose one now may leave, and is asked again next time.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, "acme", "newhire");
  await expect(page).toHaveURL(tenantUrl("acme", "/change-password"));

  await choosePassword(page, "Nico-Sells-2026!");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(tenantUrl("acme", "/feed"));
  await expect(page.getByText("Password changed successfully.")).toBeVisible();
});

test("an employee changes the password in settings", async ({ page }) => {
  await startSession(page, "acme", "employee");
  await openMenuEntry(page, "Emery Employee", "Settings");
  await expect(page).toHaveURL(tenantUrl("acme", "/settings/security"));
  await page.getByLabel("Current password").fill("Not-my-password1!");
  await choosePassword(page, DEMO_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Current password is incorrect")).toBeVisible();

  await page.getByLabel("Current password").fill(DEMO_PASSWORD);
  await choosePassword(page, DEMO_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Choose a password different from your current one")).toBeVisible();

  // Changed, then changed back, so the other tests' sign-ins still work.
  for (const [current, next] of [[DEMO_PASSWORD, "Emery-Codes-2026!"], ["Emery-Codes-2026!", DEMO_PASSWORD]] as const) {
    await page.getByLabel("Current password").fill(current);
    await choosePassword(page, next);
    const changed = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/settings/security");
    await page.getByRole("button", { name: "Change password" }).click();
    await changed;
    await expect(page.getByText("Password changed successfully.")).toBeVisible();
  }
});
