import { expect, test } from "./test";
import { expectAccessible, openMenuEntry, startSession } from "./helpers";

test.use({ viewport: { width: 1280, height: 900 } });

test("a person chooses how their work anniversary is recognised from the profile menu, and changes it back", async ({ page }) => {
  await startSession(page, "acme", "manager");
  await openMenuEntry(page, "Morgan Manager", "Privacy");
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

test("an employee sees what the program is connected to", async ({ page }) => {
  await startSession(page, "acme", "employee");
  await openMenuEntry(page, "Emery Employee", "Integrations");
  await expect(page.getByRole("heading", { name: "Integrations", level: 1 })).toBeVisible();
  const connections = page.getByRole("list", { name: "Connections" });
  await expect(connections.getByRole("listitem").filter({ hasText: "Gift cards" })).toContainText("The embedded sandbox");
  await expect(connections.getByRole("listitem").filter({ hasText: "Single sign-on" })).toContainText(/Connected|Not connected/);
  await expectAccessible(page);
});
