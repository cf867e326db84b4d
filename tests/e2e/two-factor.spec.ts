import { expect, test } from "./test";
import { latestTextedCode, passTwoFactor, signIn, signOut, startSession, tenantUrl } from "./helpers";

test.use({ viewport: { width: 1280, height: 900 } });

test("globex asks for a texted code after the password, and the device is remembered", { tag: "@smoke" }, async ({ page }, testInfo) => {
  await page.goto(tenantUrl("globex", "/redeem"));
  await page.getByLabel("Username or e-mail").fill("employee");
  await page.getByLabel("Password").fill("Recognize-2026!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(tenantUrl("globex", "/two-factor?redirectTo=%2Fredeem"));
  await expect(page.getByText("we'll text a 6-digit code to +1 ••• ••• 0003")).toBeVisible();
  // The sign-in layout: no menus that would only lead back here, one logo, one main.
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("main")).toHaveCount(1);

  await page.getByRole("button", { name: "Send code" }).click();
  const resend = page.getByRole("button", { name: /^Resend Code/ });
  await expect(resend).toBeDisabled();
  if (testInfo.project.name === "js-on") {
    await expect(page.getByText(/^The code expires in (10:00|9:\d\d)\.$/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Verify" })).toBeDisabled();
  } else {
    // Without JavaScript the time reads in the program's zone (globex: Europe/Berlin), named.
    await expect(page.getByText(/^The code expires at .+ GMT\+[12]\.$/)).toBeVisible();
  }

  const code = await latestTextedCode(page, "globex");
  const wrong = code === "000000" ? "111111" : "000000";
  await page.getByLabel("Verification code").fill(wrong);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Invalid Code. Please confirm code and try again.")).toBeVisible();
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(tenantUrl("globex", "/redeem"));
  await expect(page.getByText("Verification Complete!")).toBeVisible();

  await signOut(page, "Emery Employee");
  await signIn(page, "globex", "employee");
  await expect(page).toHaveURL(tenantUrl("globex", "/feed"));
});

test("someone without a phone number is told to contact HR", async ({ page }) => {
  await signIn(page, "globex", "newhire");
  await expect(page.getByRole("heading", { name: "Verification Required" })).toBeVisible();
  await expect(page.getByText("No phone number registered.")).toBeVisible();
  await expect(page.getByText(/contact HR/)).toBeVisible();
  await page.goto(tenantUrl("globex", "/feed"));
  await expect(page).toHaveURL(tenantUrl("globex", "/two-factor"));
});

test("an employee confirms a new mobile number in settings", async ({ page }) => {
  await signIn(page, "globex", "manager");
  await passTwoFactor(page, "globex");
  await page.goto(tenantUrl("globex", "/settings/security"));
  await page.getByRole("link", { name: "Change mobile number" }).click();
  await page.getByLabel("Mobile number").fill("+1 555 010 0777");
  await page.getByLabel("Kind of phone").selectOption("LANDLINE");
  await page.getByRole("button", { name: "Send a code to this number" }).click();
  await expect(page.getByText("A mobile number is required: text messages only reach mobile phones.")).toBeVisible();
  await expect(page.getByLabel("Mobile number")).toHaveValue("+1 555 010 0777");

  await page.getByLabel("Kind of phone").selectOption("MOBILE");
  await page.getByRole("button", { name: "Send a code to this number" }).click();
  await expect(page.getByRole("heading", { name: "Confirm +1 555 010 0777" })).toBeVisible();
  await page.getByLabel("Verification code").fill(await latestTextedCode(page, "globex"));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(tenantUrl("globex", "/settings/security"));
  await expect(page.getByText("Your mobile number is verified.")).toBeVisible();
  await expect(page.getByText("Verification codes go to +1 ••• ••• 0777 (verified).")).toBeVisible();
});

test("a code typed before the page's JavaScript has run is taken as typed", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "about the page's JavaScript taking the form over");
  await startSession(page, "globex", "admin");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByLabel("Verification code")).toBeVisible();

  // The page again with its scripts held back: until they run, the form is the server's HTML.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: "commit" });
  await page.getByLabel("Verification code").fill(await latestTextedCode(page, "globex"));
  release();
  await expect(page.getByText(/^The code expires in \d+:\d\d\.$/)).toBeVisible();

  const verify = page.getByRole("button", { name: "Verify" });
  await expect(verify).toBeEnabled();
  await verify.click();
  await expect(page.getByText("Verification Complete!")).toBeVisible();
});
