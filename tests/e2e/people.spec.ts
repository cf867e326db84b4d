import { expect, test } from "./test";
import { expectAccessible, passTwoFactor, startSession, tenantUrl } from "./helpers";

test.use({ viewport: { width: 1280, height: 900 } });

test("find someone from the header, open their profile, their manager and their group", async ({ page }, testInfo) => {
  await startSession(page, "acme", "employee");
  const lookup = page.getByRole("banner").getByLabel("Find people");
  await lookup.fill("morg");
  if (testInfo.project.name === "js-on") {
    // The combobox offers Morgan as one types; the arrow keys and Enter open the profile.
    await expect(page.getByRole("option", { name: /Morgan Manager/ })).toBeVisible();
    await expect(page.getByText("1 person and 0 groups found. Use the arrow keys to choose.")).toBeAttached();
    await expectAccessible(page);
    await lookup.press("ArrowDown");
    await lookup.press("Enter");
  } else {
    await lookup.press("Enter");
    await expect(page).toHaveURL(/\/people\?q=morg/);
    await expectAccessible(page);
    await page.getByRole("link", { name: /Morgan Manager/ }).click();
  }
  await expect(page).toHaveURL(/\/profile\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Morgan Manager" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: /Alex Admin/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Alex Admin" })).toBeVisible();
  await page.goBack();
  await page.getByRole("link", { name: "Engineering" }).click();
  await expect(page.getByRole("heading", { name: "Engineering" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Emery Employee/ })).toBeVisible();
  await expectAccessible(page);
});

test("a lookup says when nothing matches, and takes a pasted list of e-mail addresses", async ({ page }) => {
  await startSession(page, "acme", "employee");
  await page.goto(tenantUrl("acme", "/people?q=zz"));
  await expect(page.getByText("Type at least 3 characters.")).toBeVisible();
  const search = page.getByRole("main").getByLabel("Name, group or e-mail addresses");
  await search.fill("zzzq");
  await search.press("Enter");
  await expect(page.getByRole("main").getByText("No names found.")).toBeVisible();
  await search.fill("manager@acme.example.com, admin@acme.example.com, nobody@acme.example.com");
  await search.press("Enter");
  await expect(page.getByRole("main").getByRole("link", { name: /Morgan Manager|Alex Admin/ })).toHaveText([/Alex Admin/, /Morgan Manager/]);
  await expect(page.getByText("No one has this address: nobody@acme.example.com")).toBeVisible();
  await expectAccessible(page);
});

test("a profile of another program is not found", async ({ page }) => {
  await startSession(page, "acme", "employee");
  await page.goto(tenantUrl("acme", "/people?q=morgan"));
  const acmeProfile = new URL((await page.getByRole("main").getByRole("link", { name: /Morgan Manager/ }).getAttribute("href"))!, page.url()).pathname;
  await startSession(page, "globex", "employee");
  await passTwoFactor(page, "globex");
  expect((await page.goto(tenantUrl("globex", acmeProfile)))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Morgan Manager" })).toHaveCount(0);
  expect((await page.goto(tenantUrl("acme", acmeProfile)))?.status()).not.toBe(404);
});
