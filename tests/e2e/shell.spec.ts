import { expect, test } from "./test";
import { expectReadableTables, passTwoFactor, signIn, signOut, startSession, tenantUrl, untilInteractive } from "./helpers";

test.use({ viewport: { width: 1280, height: 900 } });

test("an employee signs in, sees the shell in the tenant's colours, and signs out", { tag: "@smoke" }, async ({ page }) => {
  await signIn(page, "acme", "employee");
  await expect(page).toHaveURL(tenantUrl("acme", "/feed"));

  const header = page.locator("header").first();
  await expect(header).toHaveCSS("background-color", "rgb(30, 41, 59)");
  await expect(header.getByRole("img", { name: "Acme Corporation" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Acme Corporation home" }).first()).toHaveAttribute("href", "/feed");

  await expect(page.getByRole("complementary", { name: "Profile" })).toContainText("Emery Employee");
  await expect(page.getByRole("complementary", { name: "More" })).toContainText("Questions about Acme Applause?");
  await expect(page.getByText("Nominations for the Q4 awards close on 15 December.")).toBeVisible();

  await signOut(page, "Emery Employee");
  await page.goto(tenantUrl("acme", "/feed"));
  await expect(page).toHaveURL(tenantUrl("acme", "/login"));
});

test("globex has its own colours and logo, and an acme session does not reach it", async ({ page }) => {
  await signIn(page, "acme", "employee");
  await expect(page).toHaveURL(/\/feed$/);
  await page.goto(tenantUrl("globex", "/feed"));
  await expect(page).toHaveURL(tenantUrl("globex", "/login"));

  await signIn(page, "globex", "manager");
  await passTwoFactor(page, "globex");
  await expect(page).toHaveURL(tenantUrl("globex", "/feed"));
  await expect(page.locator("header").first()).toHaveCSS("background-color", "rgb(220, 252, 231)");
  await expect(page.locator("header").first().getByRole("img", { name: "Globex" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "More" })).not.toContainText("Questions");
});

test("a wrong password gives one generic message and keeps the username", async ({ page }) => {
  await page.goto(tenantUrl("acme", "/login"));
  await page.getByLabel("Username or e-mail").fill("manager");
  await page.getByLabel("Password").fill("Not-the-password1!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("The username or password is incorrect.")).toBeVisible();
  await expect(page.getByLabel("Username or e-mail")).toHaveValue("manager");
  await expect(page.getByLabel("Password")).toHaveValue("");
});

test("a visitor's path is saved and followed after sign-in", async ({ page }) => {
  await page.goto(tenantUrl("acme", "/feed?segment=1"));
  await expect(page).toHaveURL(tenantUrl("acme", "/login?redirectTo=%2Ffeed%3Fsegment%3D1"));
  await page.getByLabel("Username or e-mail").fill("admin");
  await page.getByLabel("Password").fill("Recognize-2026!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(tenantUrl("acme", "/feed?segment=1"));
});

test("a program notice closes and stays closed", async ({ page }) => {
  await startSession(page, "acme", "manager");
  const notice = page.getByText("Nominations for the Q4 awards close on 15 December.");
  await expect(notice).toBeVisible();
  // Closed before the page's script runs, it is a form post that reloads the page: this asserts what the script does.
  await untilInteractive(page);
  const dismissed = page.waitForResponse((response) => response.url().includes("/notices/dismiss"));
  await page.getByRole("button", { name: "Close notice" }).click();
  await dismissed;
  await expect(notice).toBeHidden();
  // With JavaScript the notice goes in place and focus moves on to the page's content, not back to the top.
  if (test.info().project.name === "js-on") await expect(page.getByRole("main")).toBeFocused();
  await page.reload();
  await expect(page.getByRole("complementary", { name: "Profile" })).toContainText("Morgan Manager");
  await expect(notice).toBeHidden();
});

test("unknown paths and unknown programs get not-found pages", async ({ page }) => {
  const missing = await page.goto(tenantUrl("acme", "/no-such-page"));
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();

  const unknown = await page.goto(tenantUrl("initech", "/feed"));
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.locator("body")).not.toContainText(/acme|globex/i);

  const maintenance = await page.goto(tenantUrl("acme", "/static/maintenance.html"));
  expect(maintenance?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "We'll be right back" })).toBeVisible();
});

test("the mobile layout has a burger menu and a footer", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startSession(page, "acme", "employee");
  await expect(page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Feed" })).toBeVisible();
  const mobileMenu = page.getByRole("navigation", { name: "Main" });
  // Choosing an entry closes the menu (without JavaScript, the new page starts with it closed). A tap lost while
  // the page is busy hydrating is tapped again, as a person would: open the menu, then choose the entry.
  await expect(async () => {
    if (!(await mobileMenu.getByRole("link", { name: "Transaction History" }).isVisible())) await page.getByLabel("Menu").click();
    await mobileMenu.getByRole("link", { name: "Transaction History" }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/transaction-history/, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(mobileMenu).toBeHidden();
  // The history is a list of cards on a phone: each figure beside its label, nothing sideways.
  const firstEntry = page.getByRole("list", { name: "Points to Spend transactions" }).getByRole("listitem").first();
  await expect(firstEntry.getByRole("definition").last()).toHaveText(/^[\d,]+$/);
  await expect(firstEntry.getByRole("term").last()).toHaveText("Balance");
  await expectReadableTables(page);
  if (test.info().project.name === "js-on") {
    await page.getByLabel("Menu").click();
    await page.keyboard.press("Escape");
    await expect(mobileMenu).toBeHidden();
    await expect(page.getByLabel("Menu")).toBeFocused();
    await page.getByLabel("Menu").click();
    // A tap outside the open menu (the menu covers the page beneath it, so the tap is sent to the page directly).
    await page.getByRole("main").dispatchEvent("pointerdown");
    await expect(mobileMenu).toBeHidden();
  }
  await page.getByLabel("Menu").click();
  await expect(mobileMenu.getByRole("button", { name: "Sign out" })).toBeVisible();
  await mobileMenu.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("a header menu opened before the page is interactive stays open when the dropdown takes over", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "js-off", "the dropdown needs JavaScript");
  await startSession(page, "acme", "admin", "/login");
  // The page's scripts are held back until the menu has been opened as a plain disclosure.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/**/*.js", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(tenantUrl("acme", "/feed"), { waitUntil: "domcontentloaded" });
  await page.getByRole("navigation", { name: "Main" }).getByText("Admin", { exact: true }).filter({ visible: true }).click();
  await expect(page.getByRole("link", { name: "Create Lots" })).toBeVisible();
  release();
  await expect(page.getByRole("menuitem", { name: "Create Lots" })).toBeVisible();
});

test("a page paints before its scripts are asked for, then hydrates", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "js-off", "without JavaScript no script is asked for");
  await startSession(page, "acme", "employee");
  const { firstPaint, scripts } = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByType("paint")[0]?.startTime,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.startsWith("/build/") && entry.name.endsWith(".js"))
      .map((entry) => entry.startTime),
  }));
  expect(firstPaint).toBeGreaterThan(0);
  expect(scripts.length).toBeGreaterThan(10);
  expect(Math.min(...scripts)).toBeGreaterThanOrEqual(firstPaint!);
});

test("a page reached by a link shows its cards whole, never empty while their code loads", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "js-off", "without JavaScript every page is a new document");
  await startSession(page, "acme", "employee", "/notifications");
  // Every state of the page from the click on: its path and the cards it shows with no text.
  await page.evaluate(() => {
    const seen: { path: string; empty: string[] }[] = [];
    Object.assign(window, { seen });
    new MutationObserver(() => {
      const empty = [...document.querySelectorAll("[data-card]")].filter((card) => card.textContent!.trim() === "");
      seen.push({ path: location.pathname, empty: empty.map((card) => card.getAttribute("data-card")!) });
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByRole("link", { name: "Acme Corporation home" }).first().click();
  await expect(page).toHaveURL(tenantUrl("acme", "/feed"));
  await expect(page.getByRole("complementary", { name: "Profile" })).toContainText("Emery Employee");
  const seen = await page.evaluate(() => (window as unknown as { seen: { path: string; empty: string[] }[] }).seen.filter((state) => state.path === "/feed"));
  // A card may have nothing to say (the approvals card, to someone with nothing to approve); none is empty first and filled later.
  const emptyInTheEnd = (await page.locator("[data-card]").evaluateAll((cards) => cards.filter((card) => card.textContent!.trim() === "").map((card) => card.getAttribute("data-card")))).sort();
  expect(seen.length).toBeGreaterThan(0);
  for (const state of seen) expect(state.empty.sort()).toEqual(emptyInTheEnd);
});
