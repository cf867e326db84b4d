import { expect, test, type Page } from "./test";
import { loadBuild } from "../setup/built-app";
import { expectAccessible, latestTextedCode, signIn, startSession, tenantUrl } from "./helpers";
import { pluginCheckedPages } from "./plugin-pages";

/**
 * Where axe checks each page of the core (every route with a component). Pages a
 * flow must reach first (the forced password change) are checked in that flow's
 * spec. Each plugin lists its own pages in its tests/pages.ts. A new page fails
 * the last test until it is listed.
 */
const CHECKED: Record<string, string> = {
  root: "every page",
  "routes/login._index": "visitor pages",
  "routes/login.reset": "visitor pages",
  "routes/login.register": "visitor pages",
  "routes/reset.set.$token": "visitor pages",
  "routes/login.sso.error": "visitor pages",
  "routes/$": "visitor pages, employee pages",
  "routes/logout": "employee pages",
  "routes/feed": "employee pages",
  "routes/redeem": "employee pages",
  "routes/transaction-history.$kind._index": "employee pages, program manager pages",
  "routes/transaction-history.$kind.view.$id": "employee pages",
  "routes/settings.security": "employee pages",
  "routes/settings.phone": "employee pages",
  "routes/settings.addresses": "tests/e2e/addresses.spec.ts",
  "routes/delegation._index": "employee pages",
  "routes/dev.outbox._index": "employee pages",
  "routes/dev.outbox.$id": "program manager pages",
  "routes/program-settings": "program manager pages",
  "routes/program-settings_.points-bucket": "program manager pages",
  "routes/delegation.admin": "program manager pages",
  "routes/report._index": "program manager pages",
  "routes/admin.people._index": "tests/e2e/people-admin.spec.ts",
  "routes/admin.people.$id": "tests/e2e/people-admin.spec.ts",
  "routes/admin.people.import": "tests/e2e/people-admin.spec.ts",
  "routes/two-factor": "the two-factor step",
  "routes/change-password": "tests/e2e/passwords.spec.ts (a new hire's forced change)",
  "routes/redirect": "redirects only: it has no page of its own",
  "routes/email.redirect": "redirects only: it has no page of its own",
  "routes/people._index": "tests/e2e/people.spec.ts",
  "routes/notifications": "tests/e2e/notifications.spec.ts",
  "routes/settings.notifications": "tests/e2e/notifications.spec.ts",
  "routes/profile.$id": "tests/e2e/people.spec.ts",
  "routes/profile.avatar": "tests/e2e/avatar.spec.ts",
  "routes/leaving": "employee pages",
};

// A page is loaded and checked in well under a second with JavaScript; without, it is checked again in a second tab.
test.describe.configure({ timeout: 120_000 });

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
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await expectAccessible(page);
    await visit(page, "acme", "/transaction-history/my-points");
  });
});

test("every page of the app is listed where axe checks it", async () => {
  const build = await loadBuild();
  const pages = Object.entries(build.routes)
    .filter(([, route]) => route.module.default)
    .map(([id]) => id)
    .sort();
  const checked = { ...CHECKED, ...(await pluginCheckedPages()) };
  expect(pages).toEqual(Object.keys(checked).sort());
});
