import sharp from "sharp";
import { expect, test, type Page } from "../../../tests/e2e/test";
import { expectAccessible, startSession, tenantUrl } from "../../../tests/e2e/helpers";

test.use({ viewport: { width: 1280, height: 900 } });

async function anotherPerson(page: Page) {
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled, viewport: page.viewportSize() });
  return context.newPage();
}

/** Picks `name` in a people step: the search's results without JavaScript, the live lookup with it. */
async function pick(page: Page, form: string, search: string, name: RegExp) {
  await page.getByRole("form", { name: form }).getByLabel("Search by name, group or e-mail").fill(search);
  if (test.info().project.use.javaScriptEnabled === false) {
    await page.getByRole("form", { name: form }).getByRole("button", { name: "Search" }).click();
    await page.getByRole("checkbox", { name }).check();
    await page.getByRole("button", { name: "Add selected" }).click();
  } else {
    await page.getByRole("option", { name }).click();
  }
}

test("the manager makes a board for the employee, the admin writes on it, and the employee receives it", async ({ page }, testInfo) => {
  const title = `Happy birthday, Emery! ${testInfo.project.name} ${Date.now() % 100_000}`;
  await startSession(page, "acme", "manager", "/celebration-board/new");
  await expect(page.getByRole("heading", { name: "New celebration board", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Create board" }).click();
  await expect(page.getByText("Choose the person this board celebrates.")).toBeVisible();
  await expect(page.getByText("Give the board a title.")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Choose a person" }).click();
  await pick(page, "New celebration board", "Emery", /Emery Employee/);
  await expect(page.getByRole("list", { name: "Celebrating" })).toContainText("Emery Employee");
  await page.getByRole("button", { name: "Back" }).click();
  // A category per project: the two run at once, and a second open board of one category for Emery would be asked about.
  await page.getByLabel("Category").selectOption(testInfo.project.use.javaScriptEnabled === false ? "CONGRATULATIONS" : "BIRTHDAY");
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Create board" }).click();
  await expect(page.getByText("Your board is ready: invite the people who should write on it.")).toBeVisible();

  await expect(page.getByRole("heading", { name: /^Invite people to/, level: 1 })).toBeVisible();
  await pick(page, "Invite people", "Alex", /Alex Admin/);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(page.getByText("1 person was invited.")).toBeVisible();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expectAccessible(page);
  const boardUrl = page.url();

  await page.getByRole("link", { name: "Edit board" }).click();
  await page.getByLabel("Title").fill("");
  await page.getByRole("button", { name: "Save board" }).click();
  await expect(page.getByText("Give the board a title.")).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Save board" }).click();
  await expect(page.getByText("The board was saved.")).toBeVisible();

  const admin = await anotherPerson(page);
  await startSession(admin, "acme", "admin", "/celebration-board/contribute");
  await admin.getByRole("link", { name: title }).click();
  await admin.getByRole("textbox", { name: "Message" }).fill("Many happy returns!");
  const cake = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#cc3366" } }).png().toBuffer();
  await admin.getByLabel("Picture (optional)").setInputFiles({ name: "cake.png", mimeType: "image/png", buffer: cake });
  await admin.getByRole("button", { name: "Post your message" }).click();
  await expect(admin.getByText("Your message is on the board.")).toBeVisible();
  await expect(admin.getByRole("list").getByText("Many happy returns!")).toBeVisible();
  await expect(admin.getByRole("img", { name: "A picture from Alex Admin" })).toBeVisible();
  // The program manager sees every board of the program.
  await admin.goto(tenantUrl("acme", "/celebration-board/all"));
  await expect(admin.getByRole("link", { name: title })).toBeVisible();
  await expectAccessible(admin);
  await admin.context().close();

  await page.goto(boardUrl);
  await page.getByRole("button", { name: "Deliver to Emery" }).click();
  await expect(page.getByText("The board was delivered to Emery Employee.")).toBeVisible();
  const publicUrl = await page.getByRole("region", { name: "Public link" }).getByRole("link").getAttribute("href");
  await page.getByRole("link", { name: "All celebration boards" }).click();
  await expect(page).toHaveURL(/\/celebration-board\/created$/);
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await expectAccessible(page);

  const employee = await anotherPerson(page);
  await startSession(employee, "acme", "employee", "/celebration-board/received");
  await expect(employee.getByRole("heading", { name: "Celebration boards", level: 1 })).toBeVisible();
  await expectAccessible(employee);
  await employee.getByRole("link", { name: title }).click();
  await expect(employee.getByText("Many happy returns!")).toBeVisible();
  await employee.context().close();

  // The public link, without signing in.
  const visitor = await page.context().browser()!.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const outside = await visitor.newPage();
  await outside.goto(tenantUrl("acme", new URL(publicUrl!).pathname));
  await expect(outside.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(outside.getByText("Many happy returns!")).toBeVisible();
  await expect(outside.getByRole("img", { name: "A picture from Alex Admin" })).toBeVisible();
  await expectAccessible(outside);
  await visitor.close();
});

test("the employee's boxes: a board to write on, and one received", async ({ page }) => {
  // The employee makes no boards (the demo grants it to the manager and the admin): the boards' page opens on those received.
  await startSession(page, "acme", "employee", "/celebration-board");
  await expect(page).toHaveURL(/\/celebration-board\/received$/);
  await expect(page.getByRole("link", { name: "Happy work anniversary!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create a board" })).toHaveCount(0);
  await page.getByRole("link", { name: "To write on" }).click();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Good luck on your next adventure!" }).click();
  await expect(page.getByText("It was a pleasure working with you. Keep in touch!")).toBeVisible();
  await expect(page.getByRole("region", { name: /^Write to/ })).toBeVisible();
  await expectAccessible(page);
});
