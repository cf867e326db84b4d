import { expect, type Page } from "../../../tests/e2e/test";

/** The feed's composer. */
export const composer = (page: Page) => page.getByRole("form", { name: "Post composer" });

/** A post in the feed's list, found by its text. */
export const postIn = (page: Page, text: string) => page.getByRole("list", { name: "Posts" }).getByRole("listitem").filter({ hasText: text }).first();

/** A post's card on any page: its own page shows one, a list many. */
export const cardOf = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text }).first();

/**
 * The path of a post's own page, read from its card in the feed. Other tests post to acme's feed
 * at the same time and can push a post off the first page between two sessions: a later session
 * opens the post's own page, which shows the same card.
 */
export async function postPath(page: Page, text: string) {
  await expect(postIn(page, text)).toBeVisible();
  const path = await postIn(page, text).locator('a[href^="/post/"]').first().getAttribute("href");
  expect(path).toMatch(/^\/post\/\d+$/);
  return path!;
}

/** Posts the text from the feed's composer, and returns the path of the post's own page. */
export async function post(page: Page, text: string) {
  await composer(page).getByLabel("Recognize someone").fill(text);
  await composer(page).getByRole("button", { name: "Post", exact: true }).click();
  return postPath(page, text);
}
