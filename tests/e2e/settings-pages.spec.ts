import { expect, test } from "./test";
import { expectAccessible, openMenuEntry, startSession, tenantUrl } from "./helpers";

test.use({ viewport: { width: 1280, height: 900 } });

/** A person per project for the tests that change their settings, so that the two projects never race on one person's. */
const personOf = (project: string) => (project === "js-on" ? { login: "manager", name: "Morgan Manager" } : { login: "admin", name: "Alex Admin" });

test("a person chooses how their work anniversary is recognised from the profile menu, and changes it back", async ({ page }, testInfo) => {
  const person = personOf(testInfo.project.name);
  await startSession(page, "acme", person.login);
  await openMenuEntry(page, person.name, "Privacy");
  await expect(page.getByRole("heading", { name: "Privacy", level: 1 })).toBeVisible();
  const anniversary = page.getByRole("group", { name: "Your work anniversary" });
  await expect(page.getByRole("group", { name: "Who sees your timeline" }).getByLabel("Public", { exact: true })).toBeChecked();
  await expectAccessible(page);

  await anniversary.getByLabel("Show it in the milestone list only").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your privacy settings are saved.")).toBeVisible();
  await expect(anniversary.getByLabel("Show it in the milestone list only")).toBeChecked();

  await anniversary.getByLabel("Celebrate it on the feed").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your privacy settings are saved.")).toBeVisible();
  await expect(anniversary.getByLabel("Celebrate it on the feed")).toBeChecked();
});

test("an employee reads the program guide from the profile menu, rendered from its Markdown", async ({ page }) => {
  await startSession(page, "acme", "employee");
  await openMenuEntry(page, "Emery Employee", "Program Guide");
  await expect(page.getByRole("heading", { name: "Program guide", level: 1 })).toBeVisible();
  const guide = page.getByRole("article", { name: "Acme Corporation's guide" });
  await expect(guide.getByRole("heading", { name: "How Acme Applause works", level: 2 })).toBeVisible();
  await expect(guide.getByText("points to give", { exact: true })).toBeVisible();
  await expect(guide.getByRole("link", { name: "recognition@acme.example.com" })).toHaveAttribute("href", "mailto:recognition@acme.example.com");
  await expectAccessible(page);
});

test("an employee finds whom to ask on the help page, and the guide from it", async ({ page }) => {
  await startSession(page, "acme", "employee");
  await openMenuEntry(page, "Emery Employee", "Help");
  await expect(page.getByRole("heading", { name: "Help", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Questions about Acme Applause?", level: 2 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Read the program guide" }).click();
  await expect(page.getByRole("heading", { name: "Program guide", level: 1 })).toBeVisible();
});

test("a person searches the help questions and sends a question to the program's support address", async ({ page }, testInfo) => {
  const person = personOf(testInfo.project.name);
  const subject = `Where are my points? (${testInfo.project.name} ${Date.now()})`;
  await startSession(page, "acme", person.login, "/help");
  const questions = page.getByRole("region", { name: "Questions people ask" });
  await page.getByLabel("Search the questions").fill("colleag");
  // With JavaScript the list follows the typing; without, the search is sent.
  if (testInfo.project.name === "js-off") await page.getByRole("search", { name: "Help questions" }).getByRole("button", { name: "Search" }).click();
  await expect(questions.getByText("How do I find a colleague?")).toBeVisible();
  await expect(questions.getByText("How do I change my password or my mobile number?")).toHaveCount(0);
  await questions.getByText("How do I find a colleague?").click();
  await expect(questions.getByText(/Type part of their name in Find people/)).toBeVisible();

  await page.getByRole("button", { name: "Send question" }).click();
  await expect(page.getByText("Say what it is about.")).toBeVisible();
  await page.getByLabel("What is it about?").fill(subject);
  await page.getByLabel("Your question").fill("I expected 50 points from Friday's post.");
  await page.getByRole("button", { name: "Send question" }).click();
  await expect(page.getByText("Your question was sent. The people who run the program will answer you by e-mail.")).toBeVisible();
  await expectAccessible(page);

  // The program's outbox (no mail server here), as a program manager reads it.
  await startSession(page, "acme", "admin", "/dev/outbox");
  await expect(page.getByRole("region", { name: "E-mails" }).getByText(`[Acme Corporation help] ${subject}`)).toBeVisible();
});

test("an employee sees what the program is connected to", async ({ page }) => {
  await startSession(page, "acme", "employee");
  await openMenuEntry(page, "Emery Employee", "Integrations");
  await expect(page.getByRole("heading", { name: "Integrations", level: 1 })).toBeVisible();
  const connections = page.getByRole("list", { name: "Connections" });
  await expect(connections.getByRole("listitem").filter({ hasText: "E-mail" })).toContainText("Kept in the app's outbox");
  await expect(connections.getByRole("listitem").filter({ hasText: "Single sign-on" })).toContainText(/Connected|Not connected/);
  await expectAccessible(page);
});

test("a person turns high contrast on, sees every page in it, and turns it off", async ({ page }, testInfo) => {
  const person = personOf(testInfo.project.name);
  await startSession(page, "acme", person.login);
  await openMenuEntry(page, person.name, "High Contrast");
  await expect(page.getByRole("heading", { name: "High contrast", level: 1 })).toBeVisible();
  const html = page.locator("html");
  await page.getByLabel("Use high contrast").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("High contrast is on.")).toBeVisible();
  await expect(html).toHaveAttribute("data-contrast", "high");
  await expectAccessible(page);
  await page.goto(tenantUrl("acme", "/feed"));
  await expect(html).toHaveAttribute("data-contrast", "high");
  await expectAccessible(page);
  await page.goto(tenantUrl("acme", "/settings/high-contrast"));
  await page.getByLabel("Use high contrast").uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("High contrast is off.")).toBeVisible();
  await expect(html).not.toHaveAttribute("data-contrast", "high");
});

test("a program manager adds a document to the guide, sees the guide's preview as they write it, and an employee finds the document", async ({ page, browser }, testInfo) => {
  const title = `Recognition policy (${testInfo.project.name} ${Date.now()})`;
  await startSession(page, "acme", "admin", "/program-settings/guide");
  await expect(page.getByRole("heading", { name: "Documents" })).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("File").setInputFiles({ name: "policy.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n") });
  await page.getByRole("button", { name: "Add document" }).click();
  await expect(page.getByText("The document was added to the guide.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Documents" }).getByRole("link", { name: title })).toBeVisible();
  await expectAccessible(page);

  if (testInfo.project.name === "js-on") {
    await page.getByRole("navigation", { name: "Program settings" }).getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByLabel(/^Program guide/).fill("## Our promise\n\nEvery **thank-you** counts.");
    const preview = page.getByRole("region", { name: "Preview of the guide" });
    await expect(preview.getByRole("heading", { name: "Our promise", level: 2 })).toBeVisible();
    await expect(preview.locator("strong")).toHaveText("thank-you");
  }

  const employee = await browser.newPage();
  try {
    await startSession(employee, "acme", "employee", "/settings/program-guide");
    await expect(employee.getByRole("list", { name: "Documents" }).getByRole("link", { name: title })).toHaveAttribute("href", /\/policy\.pdf$/);
  } finally {
    await employee.close();
  }
  await page.goto(tenantUrl("acme", "/program-settings/guide"));
  await page.getByRole("button", { name: `Remove ${title}` }).click();
  await expect(page.getByText("The document was taken off the guide.")).toBeVisible();
});
