import { expect, test, type Page } from "../../../tests/e2e/test";
import { expectAccessible, openMenuEntry, startSession, tenantUrl } from "../../../tests/e2e/helpers";
import { cardOf, post } from "./feed";

test.use({ viewport: { width: 1280, height: 900 } });

async function postAs(page: Page, login: string, text: string) {
  await startSession(page, "acme", login);
  return post(page, text);
}

async function reportAs(page: Page, login: string, path: string, text: string) {
  await startSession(page, "acme", login, path);
  const card = cardOf(page, text);
  await card.getByText("•••").click();
  await card.getByRole("link", { name: "Report" }).click();
  await expect(page.getByRole("heading", { name: "Report this post", level: 1 })).toBeVisible();
  await page.getByLabel("Harassment or bullying").check();
  await page.getByLabel("Anything the moderators should know (optional)").fill("It singles someone out");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Thank you. The post is hidden for you while a moderator looks at it.")).toBeVisible();
}

test("an employee reports a post with a reason; a moderator removes it with what its author is told, and approves another", async ({ page }, testInfo) => {
  const removeMe = `Remove me ${testInfo.project.name} ${Date.now()}`;
  const keepMe = `Keep me ${testInfo.project.name} ${Date.now()}`;
  const removePath = await postAs(page, "employee", removeMe);
  const keepPath = await post(page, keepMe);

  // The report page refuses a report without a reason, keeping what was typed.
  await startSession(page, "acme", "manager", removePath);
  await cardOf(page, removeMe).getByText("•••").click();
  await cardOf(page, removeMe).getByRole("link", { name: "Report" }).click();
  await page.getByLabel("Anything the moderators should know (optional)").fill("Kept when refused");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("heading", { name: "Report this post", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Anything the moderators should know (optional)")).toHaveValue("Kept when refused");
  await expectAccessible(page);
  await reportAs(page, "manager", removePath, removeMe);
  await expect(page.getByText("This Highlight is under review by an Administrator").first()).toBeVisible();
  await reportAs(page, "manager", keepPath, keepMe);

  await startSession(page, "acme", "admin");
  await openMenuEntry(page, "Admin", "Moments Admin");
  await expect(page.getByRole("heading", { name: "Moments Admin", level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Open the reported list" }).click();
  const list = page.getByRole("table", { name: "Reported posts and comments" });
  await expect(list.getByRole("row").filter({ hasText: removeMe })).toContainText("Pending");
  await expectAccessible(page);
  await list.getByRole("link", { name: `Post: ${removeMe}` }).click();
  await expect(page.getByRole("heading", { name: "Reported post", level: 1 })).toBeVisible();
  await expect(page.getByText("It singles someone out")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "View the post as the feed shows it" }).click();
  await expect(page.getByRole("article").filter({ hasText: removeMe })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "← Back to the reported post" }).click();

  await page.getByRole("button", { name: "Remove Post" }).click();
  await expect(page.getByText("Say why it is removed: its author is told.")).toBeVisible();
  await page.getByLabel("Why it is removed (its author is told)").fill("Please keep feedback private.");
  await page.getByRole("button", { name: "Remove Post" }).click();
  await expect(page.getByText("The post was removed: its author was told why.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/reported$/);
  await expect(page.getByRole("main").getByText(removeMe)).toHaveCount(0);

  await page.getByRole("link", { name: `Post: ${keepMe}` }).click();
  await page.getByRole("button", { name: "Approve Post" }).click();
  await expect(page.getByText("The post was approved: everyone sees it again.")).toBeVisible();

  await startSession(page, "acme", "manager", keepPath);
  await expect(cardOf(page, keepMe)).toBeVisible();
  await expect(cardOf(page, keepMe).getByText("This Highlight is under review by an Administrator")).toHaveCount(0);
  await page.goto(tenantUrl("acme", removePath));
  await expect(page.getByText(removeMe)).toHaveCount(0);
  await startSession(page, "acme", "employee", "/notifications");
  await expect(page.getByText("A moderator removed your post: Please keep feedback private.").first()).toBeVisible();
});

test("a moderator removes a comment from its post, sees it with its post, and bans a hashtag", async ({ page }, testInfo) => {
  const text = `Comment here ${testInfo.project.name} ${Date.now()}`;
  const path = await postAs(page, "employee", text);
  await startSession(page, "acme", "manager", path);
  await cardOf(page, text).getByLabel("Write a comment").fill("An unkind remark");
  await cardOf(page, text).getByRole("button", { name: "Comment", exact: true }).click();
  await expect(cardOf(page, text).getByRole("list", { name: "Comments" }).getByText("An unkind remark")).toBeVisible();

  await startSession(page, "acme", "admin", path);
  await cardOf(page, text).getByRole("link", { name: "Remove comment" }).click();
  await expect(page.getByRole("heading", { name: "Reported comment", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "View the comment with its post" }).click();
  await expect(page.getByRole("heading", { name: "Reported comment in its post", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve Comment" })).toBeVisible();
  await page.getByLabel("Why it is removed (its author is told)").fill("Be kind.");
  await page.getByRole("button", { name: "Remove Comment" }).click();
  await expect(page.getByText("The comment was removed: its author was told why.")).toBeVisible();
  await page.goto(tenantUrl("acme", path));
  await expect(cardOf(page, text)).toBeVisible();
  await expect(cardOf(page, text).getByRole("list", { name: "Comments" }).getByText("An unkind remark")).toHaveCount(0);

  const tag = `nope${testInfo.project.name.replace("-", "")}`;
  await page.goto(tenantUrl("acme", "/admin/hashtags"));
  await page.getByLabel("Hashtag", { exact: true }).fill("not a tag");
  await page.getByRole("button", { name: "Ban hashtag" }).click();
  await expect(page.getByText("Hashtags must use alphanumeric characters.")).toBeVisible();
  await expect(page.getByLabel("Hashtag", { exact: true })).toHaveValue("not a tag");
  await page.getByLabel("Hashtag", { exact: true }).fill(`#${tag}`);
  await page.getByRole("button", { name: "Ban hashtag" }).click();
  await expect(page.getByText(`#${tag} is banned: it can no longer be posted`)).toBeVisible();
  await expect(page.getByRole("table", { name: "Banned hashtags" }).getByRole("row").filter({ hasText: `#${tag}` })).toBeVisible();
  await expectAccessible(page);
});
