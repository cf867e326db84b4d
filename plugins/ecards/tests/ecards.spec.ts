import sharp from "sharp";
import { expect, test, type Page } from "../../../tests/e2e/test";
import { expectAccessible, expectPictureSize, openMenuEntry, startSession, tenantUrl } from "../../../tests/e2e/helpers";
import { mp4 } from "../../../tests/setup/videos";

test.use({ viewport: { width: 1280, height: 900 } });

const composer = (page: Page) => page.getByRole("form", { name: "eCard composer" });

/**
 * Finds someone by the start of their name on the people step (the Search button works with
 * and without JavaScript) and adds them. A press that lands while the page is still hydrating
 * can be lost, as a person would find, so the search is pressed again until its results show.
 */
async function addPerson(page: Page, name: string) {
  const found = composer(page).getByRole("group", { name: "Results" }).getByRole("checkbox", { name: new RegExp(name) });
  await composer(page).getByLabel("Search by name, group or e-mail").fill(name);
  await expect(async () => {
    await composer(page).getByRole("button", { name: "Search", exact: true }).click();
    await expect(found).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 90_000 });
  await found.check();
  await composer(page).getByRole("button", { name: "Add selected" }).click();
  await expect(composer(page).getByRole("list", { name: /^Recipients/ }).getByText(new RegExp(`^${name}`))).toBeVisible();
}

function tomorrow() {
  return new Date(Date.now() + 36 * 60 * 60 * 1000).toLocaleDateString("en-CA", { timeZone: "America/New_York" });
}

test("send an eCard with a design and points to two people; the recipient reads it and replies; the manager sees the copy", async ({ page }, testInfo) => {
  const message = `Thank you for the launch (${testInfo.project.name} ${Date.now()})`;
  await startSession(page, "acme", "admin");
  await openMenuEntry(page, "Recognize", "Send an eCard");
  await expect(page).toHaveURL(tenantUrl("acme", "/ecard/new"));
  await expectAccessible(page);

  await composer(page).getByRole("button", { name: "Give points" }).click();
  await addPerson(page, "Emery");
  await addPerson(page, "Morgan");
  await composer(page).getByLabel("Points for Emery Employee").fill("25");
  await composer(page).getByLabel("Points for Morgan Manager").fill("15");
  await expectAccessible(page);
  await composer(page).getByRole("button", { name: "Back" }).click();

  await composer(page).getByRole("radio", { name: "Thank you, with stars" }).check({ force: true });
  await composer(page).getByLabel("Message").fill(message);
  await composer(page).getByLabel("Send a copy to each recipient's manager").check();
  await composer(page).getByRole("button", { name: "Send eCard" }).click();
  await expect(page.getByRole("alertdialog", { name: "Way to Recognize!" })).toContainText("You're about to give 40 points.");
  await page.getByRole("button", { name: "Give Points" }).click();
  await expect(page.getByText("Your eCard was sent.")).toBeVisible();
  await expect(page).toHaveURL(/\/ecard\/sent\/\d+$/);
  const path = new URL(page.url()).pathname;
  const id = path.split("/").at(-1)!;
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByRole("img", { name: "Thank you, with stars" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Back to the list" }).click();
  await expect(page.getByRole("link", { name: /To Emery Employee, Morgan Manager/ }).first()).toBeVisible();
  await expectAccessible(page);

  await startSession(page, "acme", "employee", "/ecard/received");
  const received = page.getByRole("link", { name: new RegExp(`From Alex Admin.*${testInfo.project.name}`) }).first();
  await expect(received).toContainText("New");
  await expect(received).toContainText("25 points");
  await expectAccessible(page);
  await received.click();
  await expect(page).toHaveURL(tenantUrl("acme", `/ecard/received/${id}`));
  await page.getByLabel("Your reply").fill("Thank you, Alex!");
  await page.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(page.getByText("Your reply was sent.")).toBeVisible();
  await expect(page.getByText("Thank you, Alex!")).toBeVisible();
  await expect(page.getByLabel("Your reply")).toHaveCount(0);
  await expectAccessible(page);

  await startSession(page, "acme", "manager", "/ecard/received/manager");
  await page.getByRole("link", { name: /Alex Admin to Emery Employee/ }).first().click();
  await expect(page).toHaveURL(tenantUrl("acme", `/ecard/received/manager/${id}`));
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByText("Thank you, Alex!")).toBeVisible();
  await expect(page.getByLabel("Your reply")).toHaveCount(0);
  await expectAccessible(page);
});

test("schedule an eCard for tomorrow, change it, then cancel it", async ({ page }, testInfo) => {
  const message = `See you tomorrow (${testInfo.project.name} ${Date.now()})`;
  await startSession(page, "acme", "employee", `/ecard/new/welcome-sun`);
  await composer(page).getByRole("button", { name: "Add recipients" }).click();
  await addPerson(page, "Morgan");
  await composer(page).getByRole("button", { name: "Back" }).click();
  await expect(composer(page).getByRole("radio", { name: "Welcome aboard, with a rising sun" })).toBeChecked();
  await composer(page).getByLabel("Message").fill(message);
  await composer(page).getByLabel("Send on a later day, at 9:00").check();
  await composer(page).getByLabel("Day to send it").fill(tomorrow());
  await composer(page).getByRole("button", { name: "Send eCard" }).click();
  await expect(page.getByText(/Your eCard will be sent on/)).toBeVisible();
  await expect(page.getByText(/Scheduled for .*, 9:00/)).toBeVisible();

  await page.getByRole("link", { name: "Edit eCard" }).click();
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(message);
  await page.getByRole("textbox", { name: "Message" }).fill(`${message}, changed`);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Save eCard" }).click();
  await expect(page.getByText(`${message}, changed`)).toBeVisible();

  await page.getByRole("button", { name: "Cancel eCard" }).click();
  await expect(page.getByText("Your eCard was cancelled.")).toBeVisible();
  await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel eCard" })).toHaveCount(0);
});

test("a search pressed while the live lookup is still answering shows its results", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "js-off", "without JavaScript there is no live lookup");
  await startSession(page, "acme", "employee", "/ecard/new/welcome-sun");
  await composer(page).getByRole("button", { name: "Add recipients" }).click();
  // The live lookup's answer (and any question the browser asks to learn its route) waits until the search is sent.
  const lookup = /\/(__manifest\?.*people%2Fsearch|people\/search\?)/;
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route(lookup, async (route) => {
    await answered;
    await route.continue();
  });
  const asked = page.waitForRequest(lookup);
  await composer(page).getByLabel("Search by name, group or e-mail").fill("Morgan");
  await asked;
  await composer(page).getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/do=search/);
  answer();
  await expect(composer(page).getByRole("group", { name: "Results" }).getByRole("checkbox", { name: /Morgan/ })).toBeVisible();
});

test("no recipient and no design are refused beside their fields; what was typed stays", async ({ page }) => {
  await startSession(page, "acme", "employee", "/ecard/new");
  await composer(page).getByLabel("Message").fill("Kept as typed");
  await composer(page).getByRole("button", { name: "Send eCard" }).click();
  await expect(composer(page).getByText("Choose at least one recipient.")).toBeVisible();
  await expect(composer(page).getByText("Choose a design.")).toBeVisible();
  await expect(composer(page).getByLabel("Message")).toHaveValue("Kept as typed");
  await expectAccessible(page);
});

test("a program manager adds a design of the program's own and hides one of the library's; senders see the change", async ({ page }, testInfo) => {
  const title = `Our office at dawn (${testInfo.project.name} ${Date.now()})`;
  await startSession(page, "acme", "admin");
  await openMenuEntry(page, "Admin", "eCard Designs");
  await expect(page).toHaveURL(tenantUrl("acme", "/ecard/admin/designs"));
  await page.getByRole("button", { name: "Add design" }).click();
  await expect(page.getByText("Choose a picture for the design.")).toBeVisible();
  const picture = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#336699" } }).png().toBuffer();
  await page.getByLabel("Picture").setInputFiles({ name: "office.png", mimeType: "image/png", buffer: picture });
  await page.getByLabel("Description").fill(title);
  await page.getByLabel("Category").selectOption("Welcome");
  await page.getByRole("button", { name: "Add design" }).click();
  await expect(page.getByText("The design was added.")).toBeVisible();
  await expect(page.getByRole("img", { name: title })).toBeVisible();
  await page.getByRole("button", { name: "Hide Good luck, with falling leaves" }).click();
  await expect(page.getByText("The design is hidden.")).toBeVisible();
  await expectAccessible(page);

  await page.goto(tenantUrl("acme", "/ecard/new"));
  await expect(composer(page).getByRole("radio", { name: title })).toHaveCount(1);
  await expect(composer(page).getByRole("radio", { name: "Good luck, with falling leaves" })).toHaveCount(0);
  await page.goto(tenantUrl("acme", "/ecard/admin/designs"));
  await page.getByRole("button", { name: "Offer again Good luck, with falling leaves" }).click();
  await expect(page.getByText("The design is offered again.")).toBeVisible();
});

test("send an eCard with a picture of your own, cropped to the card's shape", async ({ page }) => {
  await startSession(page, "acme", "employee", "/ecard/new");
  await composer(page).getByLabel("Message").fill("A picture from the offsite");
  await composer(page).getByRole("button", { name: "Use your own picture" }).click();
  await composer(page).getByRole("button", { name: "Add picture" }).click();
  await expect(composer(page).getByText("Choose a picture.")).toBeVisible();
  const picture = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#884422" } }).jpeg().toBuffer();
  await composer(page).getByLabel("Picture").setInputFiles({ name: "offsite.jpg", mimeType: "image/jpeg", buffer: picture });
  await composer(page).getByRole("button", { name: "Add picture" }).click();
  await expect(composer(page).getByRole("radio", { name: "Your picture" })).toBeChecked();
  await expect(composer(page).getByLabel("Message")).toHaveValue("A picture from the offsite");
  await composer(page).getByRole("button", { name: "Add recipients" }).click();
  await addPerson(page, "Morgan");
  await composer(page).getByRole("button", { name: "Back" }).click();
  await composer(page).getByRole("button", { name: "Send eCard" }).click();
  await expect(page.getByText("Your eCard was sent.")).toBeVisible();
  const shown = page.getByRole("img", { name: "A picture chosen by the sender" });
  await expectPictureSize(shown, [700, 394]);
});

test("send a video as the eCard: its poster until it is processed, then it plays", async ({ page }) => {
  await startSession(page, "acme", "manager", "/ecard/new");
  await composer(page).getByRole("button", { name: "Add recipients" }).click();
  await addPerson(page, "Emery");
  await composer(page).getByRole("button", { name: "Back" }).click();
  await composer(page).getByLabel("Message").fill("A message from all of us");
  await composer(page).getByRole("button", { name: "Send a video" }).click();
  await composer(page).getByLabel("Video", { exact: true }).setInputFiles({ name: "hello.mp4", mimeType: "video/mp4", buffer: mp4({ mediaBytes: 64 * 1024 }) });
  await composer(page).getByRole("button", { name: "Add video" }).click();
  await expect(composer(page).getByRole("radio", { name: "Your video" })).toBeChecked();
  await composer(page).getByRole("button", { name: "Send eCard" }).click();
  await expect(page.getByText("Your eCard was sent.")).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.locator("video source[type='video/mp4']")).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expectAccessible(page);
});
