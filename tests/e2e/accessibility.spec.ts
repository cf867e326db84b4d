import { expect, test, type Page } from "./test";
import { expectAccessible, latestTextedCode, signIn, startSession, tenantUrl } from "./helpers";

async function visit(page: Page, subdomain: string, path: string) {
  await page.goto(tenantUrl(subdomain, path));
  await expectAccessible(page);
}

test.describe("every page passes axe", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("visitor pages", async ({ page }) => {
    for (const path of ["/login", "/login/reset", "/login/register", "/reset/set/not-a-token", "/login/sso/error", "/no-such-page"]) {
      await visit(page, "acme", path);
    }
  });

  test("employee pages", async ({ page }) => {
    await startSession(page, "acme", "employee");
    await expectAccessible(page);
    for (const path of ["/redeem", "/transaction-history/my-points", "/settings/security", "/settings/phone", "/delegation", "/dev/outbox", "/leaving?to=https%3A%2F%2Fexample.com%2F", "/no-such-page", "/logout"]) {
      await visit(page, "acme", path);
    }
    await page.goto(tenantUrl("acme", "/transaction-history/my-points"));
    await page.getByRole("table").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/view\//);
    await expectAccessible(page);
  });

  test("program manager pages", async ({ page }) => {
    // A reset request, so that the outbox holds an e-mail to open.
    await page.goto(tenantUrl("acme", "/login/reset"));
    await page.getByLabel("Username or e-mail").fill("employee");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText(/If that account exists/)).toBeVisible();

    await startSession(page, "acme", "admin");
    const reportRun = "/report?report=core.points-earned&start=2020-01-01&end=2020-12-31";
    for (const path of ["/program-settings", "/program-settings/points-bucket", "/delegation/admin", "/transaction-history/discretionary", "/report", reportRun, "/report?report=&start=x&end="]) {
      await visit(page, "acme", path);
    }
    const mail = page.getByRole("link", { name: "Reset your Acme Corporation password" }).first();
    await expect(async () => {
      await page.goto(tenantUrl("acme", "/dev/outbox"));
      await expect(mail).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await mail.click();
    await expect(page).toHaveURL(/\/dev\/outbox\/\d+/);
    await expectAccessible(page);
  });

  test("the two-factor step", async ({ page }) => {
    await signIn(page, "globex", "admin");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByLabel("Verification code")).toBeVisible();
    await expectAccessible(page);
    // Finished, so that no code is left waiting for the flows that sign this person in later.
    await page.getByLabel("Verification code").fill(await latestTextedCode(page, "globex"));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Verification Complete!")).toBeVisible();
  });

  test("pages outside any program: the unknown program and the maintenance page", async ({ page }) => {
    await page.goto(tenantUrl("nowhere", "/"));
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expectAccessible(page);
    await visit(page, "acme", "/static/maintenance.html");
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the shell with its menu open, and a table as cards", async ({ page }) => {
    await startSession(page, "acme", "admin");
    await expectAccessible(page);
    await page.getByLabel("Menu").click();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expectAccessible(page);
    await visit(page, "acme", "/transaction-history/my-points");
  });
});
