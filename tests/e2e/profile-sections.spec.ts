import sharp from "sharp";
import { expect, test, type Page } from "./test";
import { expectAccessible, expectPictureSize, openMenuEntry, startSession } from "./helpers";

test.use({ viewport: { width: 1280, height: 900 } });

/**
 * A person per project, with their manager and a colleague who is not their manager, so that
 * the two projects never race on one person's Me In 3 or privacy.
 */
const castOf = (project: string) =>
  project === "js-on"
    ? { person: { login: "employee", name: "Emery Employee" }, manager: "manager", colleague: "admin" }
    : { person: { login: "manager", name: "Morgan Manager" }, manager: "admin", colleague: "employee" };

const photo = () => sharp({ create: { width: 1600, height: 900, channels: 3, background: "#aa5522" } }).jpeg().toBuffer();

async function setMeIn3Privacy(page: Page, name: string, choice: "Public" | "Only Me and My Manager") {
  await openMenuEntry(page, name, "Privacy");
  await page.getByRole("group", { name: "Who sees your Me In 3" }).getByLabel(choice, { exact: true }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your privacy settings are saved.")).toBeVisible();
}

test("a person fills Me In 3 with a framed picture, keeps it to their manager, and a colleague sees only that it is kept", async ({ page, browser }, testInfo) => {
  const { person, manager, colleague } = castOf(testInfo.project.name);
  const caption = `At the summit (${testInfo.project.name} ${Date.now()})`;
  await startSession(page, "acme", person.login);
  await openMenuEntry(page, person.name, "My Profile");
  await expect(page).toHaveURL(/\/profile\/\d+$/);
  const profilePath = new URL(page.url()).pathname;
  await page.getByRole("link", { name: "Edit your Me In 3" }).click();
  await expect(page.getByRole("heading", { name: "Your Me In 3", level: 1 })).toBeVisible();
  await expectAccessible(page);

  const first = page.getByRole("region", { name: "Picture 1" });
  await first.getByLabel("What it shows").selectOption({ label: "A hobby" });
  await first.getByLabel("Caption").fill(caption);
  await first.getByLabel(/^(Picture|Replace the picture)$/).setInputFiles({ name: "summit.jpg", mimeType: "image/jpeg", buffer: await photo() });
  if (testInfo.project.name === "js-on") {
    // The cropper frames it in the Me In 3 shape before it is sent.
    await expect(first.getByRole("group", { name: "Drag the picture to frame it" })).toBeVisible();
    await expect(first.locator('input[name="width"]')).toHaveValue(/^\d+$/);
    await first.getByRole("button", { name: "Save picture 1" }).click();
    await expect(page.getByText("Your picture is saved.")).toBeVisible();
  } else {
    // Without JavaScript the centre is used, then the framing step offers the area as numbers.
    await first.getByRole("button", { name: "Save picture 1" }).click();
    await expect(page.getByText("Your picture is saved. Frame it differently below if you like.")).toBeVisible();
    await expect(page.getByLabel("Width (pixels)")).toHaveValue("758");
    await expectAccessible(page);
    await page.getByLabel("From the left (pixels)").fill("0");
    await page.getByLabel("Width (pixels)").fill("600");
    await page.getByRole("button", { name: "Save this framing" }).click();
    await expect(page.getByText("Your picture is framed.")).toBeVisible();
  }
  const saved = page.getByRole("region", { name: "Picture 1" }).getByRole("img", { name: `A hobby: ${caption}` });
  await expectPictureSize(saved, [640, 760]);

  await setMeIn3Privacy(page, person.name, "Only Me and My Manager");

  const other = await browser.newPage();
  try {
    await startSession(other, "acme", colleague, profilePath);
    await expect(other.getByRole("region", { name: "Me In 3" })).toContainText(`${person.name} shares their Me In 3 with their manager only.`);
    await expect(other.getByRole("img", { name: `A hobby: ${caption}` })).toHaveCount(0);
    await expectAccessible(other);
    await startSession(other, "acme", manager, profilePath);
    await expect(other.getByRole("region", { name: "Me In 3" }).getByRole("img", { name: `A hobby: ${caption}` })).toBeVisible();
  } finally {
    await other.close();
  }
  await setMeIn3Privacy(page, person.name, "Public");
});

test("a person adds a favourite thing to My Stuff, sees it on their profile, and removes it", async ({ page }, testInfo) => {
  const { person } = castOf(testInfo.project.name);
  await startSession(page, "acme", person.login, "/profile/my-stuff");
  await expect(page.getByRole("heading", { name: "Your My Stuff", level: 1 })).toBeVisible();
  await page.getByLabel("Favourite thing", { exact: true }).selectOption({ label: "Cappuccino" });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Added to your My Stuff.")).toBeVisible();
  await page.getByLabel("Favourite thing", { exact: true }).selectOption({ label: "Cappuccino" });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("That is in your My Stuff already.")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Back to your profile" }).click();
  await expect(page.getByRole("region", { name: "My Stuff" })).toContainText("Cappuccino");
  await page.getByRole("link", { name: "Edit your My Stuff" }).click();
  await page.getByRole("button", { name: "Remove Cappuccino" }).click();
  await expect(page.getByText("Removed from your My Stuff.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove Cappuccino" })).toHaveCount(0);
});

/** A My Stuff category per project: each form saves its own category, so the two never undo each other. */
const stuffOf = (project: string) => (project === "js-on" ? { category: "Sport", item: "Cycling" } : { category: "Reading", item: "Comics" });

test("a program manager renames a My Stuff item, people choose it by its new name, and it is renamed back", async ({ page }, testInfo) => {
  const { category, item } = stuffOf(testInfo.project.name);
  const renamed = `${item} (all kinds)`;
  const rename = async (from: string, to: string) => {
    const form = page.getByRole("form", { name: `My Stuff category ${category}` });
    await form.locator(`input[value="${from}"]`).fill(to);
    await form.getByRole("button", { name: `Save ${category}` }).click();
    await expect(page.getByText("The categories are saved.")).toBeVisible();
  };
  await startSession(page, "acme", "admin", "/program-settings/profile");
  await expect(page.getByRole("heading", { name: "Me In 3 categories" })).toBeVisible();
  await expectAccessible(page);
  await rename(item, renamed);
  await page.goto("/profile/my-stuff");
  await expect(page.getByLabel("Favourite thing", { exact: true }).locator("optgroup", { hasText: renamed }).getByRole("option", { name: renamed })).toHaveCount(1);
  await page.goto("/program-settings/profile");
  await rename(renamed, item);
});

test("a person reads their recognition story from their profile: the year so far as a chart and a table, and who recognised them", async ({ page }, testInfo) => {
  await startSession(page, "acme", "employee");
  await openMenuEntry(page, "Emery Employee", "My Profile");
  // The profile says how often its person was recognised (the wall's counts).
  await expect(page.getByText(/^Recognised (once|\d+ times)$/)).toBeVisible();
  await page.getByRole("link", { name: "Your recognition story" }).click();
  await expect(page.getByRole("heading", { name: "Your recognition story", level: 1 })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Recognition received each month from/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Recognition month by month" }).getByRole("row")).toHaveCount(13);
  await expect(page.getByRole("region", { name: "Who recognised you most" })).toBeVisible();
  // Printing is the browser's: with JavaScript a button asks for it.
  await expect(page.getByRole("button", { name: "Print this story" })).toHaveCount(testInfo.project.name === "js-on" ? 1 : 0);
  await expectAccessible(page);
});
