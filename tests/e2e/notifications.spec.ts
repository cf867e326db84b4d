import { expect, test } from "./test";
import { expectAccessible, startSession } from "./helpers";

test.use({ viewport: { width: 1280, height: 900 } });

test("read a notification, then mark the rest read; the bell follows", { tag: "@smoke" }, async ({ page }) => {
  await startSession(page, "acme", "manager");
  const bell = page.getByRole("banner").getByRole("link", { name: /^Notifications/ });
  // Earlier specs in this mode may have notified the manager too (a mention of someone who reports to them).
  const unread = Number((await bell.textContent())!.match(/(\d+) unread/)![1]);
  expect(unread).toBeGreaterThanOrEqual(3);
  await bell.click();
  await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Mark as read: You received 10,000 points to give: Quarterly allowance." }).click();
  await expect(bell).toHaveAccessibleName(`Notifications, ${unread - 1} unread`);
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(bell).toHaveAccessibleName("Notifications");
  await expect(page.getByRole("button", { name: /^Mark as read/ })).toHaveCount(0);
  await page.getByRole("link", { name: "You received 5,000 points to spend: Welcome bonus." }).click();
  await expect(page).toHaveURL(/\/transaction-history\/my-points/);
});

test("choose which notifications arrive by e-mail", async ({ page }) => {
  await startSession(page, "acme", "employee", "/settings/notifications");
  await expect(page.getByRole("heading", { name: "Notification settings" })).toBeVisible();
  // The program's login reminder, as it would read; Emery gives no points, so no refill reminder.
  await expect(page.getByRole("heading", { name: "Login reminder" })).toBeVisible();
  await expect(page.getByText("It has been 14 days since you last visited Acme Corporation.", { exact: false })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Points refill reminder" })).toHaveCount(0);
  await expectAccessible(page);
  const reminder = page.getByRole("checkbox", { name: "Login reminder by E-mail" });
  await expect(reminder).toBeChecked();
  await reminder.uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your notification settings are saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Login reminder by E-mail" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Points to spend increased by E-mail" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "E-mail", exact: true })).toBeChecked();
});
