import { expect, test, type Page } from "./test";
import { tenantUrl } from "./helpers";

/** At the test IdP: sign in, then come back (without JavaScript its self-posting form needs a click). */
async function signInAtIdp(page: Page, email: string) {
  await page.getByRole("button", { name: "Sign in with your company account" }).click();
  // The IdP's first request in a worker compiles its schema checker (seconds under CI's load; decision 120).
  await expect(page.getByRole("heading", { name: "Test IdP sign-in" })).toBeVisible({ timeout: 60_000 });
  await page.getByLabel("Company e-mail").fill(email);
  await page.getByRole("button", { name: "Sign in at the IdP" }).click();
  if (test.info().project.name === "js-off") await page.getByRole("button", { name: "Continue" }).click();
}

test("an employee signs in with the company account and lands on the page asked for", { tag: "@smoke" }, async ({ page }) => {
  await page.goto(tenantUrl("umbrella", "/transaction-history/my-points"));
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Ftransaction-history%2Fmy-points$/);
  await signInAtIdp(page, "manager@umbrella.example.com");
  await expect(page).toHaveURL(tenantUrl("umbrella", "/transaction-history/my-points"));
  await expect(page.getByRole("navigation", { name: "Main" })).toContainText("Morgan Manager");
});

test("a person the program does not know is told whom to ask, and may use a password instead", async ({ page }) => {
  await page.goto(tenantUrl("umbrella", "/login"));
  await signInAtIdp(page, "stranger@umbrella.example.com");
  await expect(page).toHaveURL(tenantUrl("umbrella", "/login/sso/error?reason=unknown-user"));
  await expect(page.getByRole("alert")).toContainText("this program has no account for you");
  await page.getByRole("link", { name: "Sign in with a username and password" }).click();
  await expect(page.getByLabel("Password")).toBeVisible();
});
