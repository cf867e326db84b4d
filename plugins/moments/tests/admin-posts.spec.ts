import { expect, test, type Page } from "../../../tests/e2e/test";
import { expectAccessible, loopbackGet, startSession, tenantUrl } from "../../../tests/e2e/helpers";
import { post, postIn } from "./feed";

test.use({ viewport: { width: 1280, height: 900 } });

/** The next whole minute at least 15 seconds away (the form is sent well before it), as the form's local time in Acme's zone. */
function nextMinuteInNewYork() {
  const at = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000);
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
    .formatToParts(at)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

async function fillPost(page: Page, title: string, text: string) {
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Text (up to 2,000 characters)").fill(text);
}

test("a writer schedules an admin post and pins another to All Staff mentioning an employee with points; employees see the pinned one on top, then the scheduled one", async ({ page }, testInfo) => {
  const tag = `${testInfo.project.name} ${Date.now()}`;
  await startSession(page, "acme", "admin", "/admin");
  await page.getByRole("link", { name: "Write an admin post" }).click();
  await expect(page.getByRole("heading", { name: "Write an admin post", level: 1 })).toBeVisible();
  await fillPost(page, `Town hall ${tag}`, `Town hall today ${tag}`);
  await page.getByLabel("Publish at (America/New_York; empty: now)").fill(nextMinuteInNewYork());
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText(/^The post is scheduled for /)).toBeVisible();
  const scheduled = page.getByRole("table", { name: "Admin posts" }).getByRole("row").filter({ hasText: `Town hall ${tag}` });
  await expect(scheduled).toContainText("Scheduled");
  await scheduled.getByRole("link", { name: `Town hall ${tag}` }).click();
  await expect(page.getByRole("heading", { name: `Town hall ${tag}`, level: 1 })).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`Town hall ${tag}`);
  await expectAccessible(page);

  // A segment chosen without the segment: refused beside the field, what was typed kept.
  await page.goto(tenantUrl("acme", "/admin/new"));
  await fillPost(page, `Benefits ${tag}`, `Open enrolment ends Friday ${tag}`);
  await page.getByLabel("Mention people (their e-mail addresses, separated by commas or new lines)").fill("employee@acme.example.com");
  await page.getByLabel(/^Points for each person mentioned, from your [\d,]+ points to give/).fill("10");
  await page.getByLabel("A segment", { exact: true }).check();
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Choose the segment.")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`Benefits ${tag}`);
  await expect(page.getByLabel("Mention people (their e-mail addresses, separated by commas or new lines)")).toHaveValue("employee@acme.example.com");
  await expectAccessible(page);
  await page.getByLabel("All Staff", { exact: true }).check();
  await page.getByLabel("Pinned on top until (empty: not pinned)").fill("2099-12-31");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("The post is published.")).toBeVisible();
  await expectAccessible(page);

  await startSession(page, "acme", "employee");
  const top = page.getByRole("list", { name: "Posts" }).getByRole("listitem").first();
  await expect(top).toContainText(`Open enrolment ends Friday ${tag}`);
  await expect(top.getByText(`Benefits ${tag}`)).toBeVisible();
  await expect(top.getByText("Pinned", { exact: true })).toBeVisible();
  // It mentions the employee, who was given its points.
  await expect(top.getByRole("list", { name: "Mentioned" }).getByRole("listitem").filter({ hasText: "@Emery Employee" })).toContainText("+10 points");
  // The scheduled post reaches the feed once its minute has come (its job publishes it). Meanwhile the feed's HTML is
  // asked for every two seconds, for up to two minutes (reloading the page every second kept the browser busy all
  // that time), with the page's cookies, then the page is shown again.
  const feed = tenantUrl("acme", "/feed");
  const cookie = (await page.context().cookies(feed)).map(({ name, value }) => `${name}=${value}`).join("; ");
  const feedHtml = async () => (await loopbackGet(page, feed, { cookie })).text();
  await expect.poll(feedHtml, { timeout: 120_000, intervals: [2_000] }).toContain(`Town hall today ${tag}`);
  await page.reload();
  await expect(postIn(page, `Town hall today ${tag}`)).toBeVisible();
  await expect(page.getByRole("list", { name: "Posts" }).getByRole("listitem").first()).toContainText(`Open enrolment ends Friday ${tag}`);

  // The writer unpins it: it stays in the feed, no longer on top (nor in the way of other tests' posts).
  await startSession(page, "acme", "admin", "/admin/posted");
  await page.getByRole("table", { name: "Admin posts" }).getByRole("link", { name: `Benefits ${tag}`, exact: true }).click();
  await expect(page.getByLabel("Pinned on top until (empty: not pinned)")).toHaveValue("2099-12-31");
  await page.getByLabel("Pinned on top until (empty: not pinned)").fill("");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("The post is saved.")).toBeVisible();
  await expect(page.getByLabel("Pinned on top until (empty: not pinned)")).toHaveValue("");
  await page.getByRole("link", { name: "See it in the feed" }).click();
  const unpinned = page.getByRole("article").filter({ hasText: `Open enrolment ends Friday ${tag}` });
  await expect(unpinned).toBeVisible();
  await expect(unpinned.getByText("Pinned", { exact: true })).toHaveCount(0);
});

test("an announcement reached by scrolling the feed shows whole, though the page had none before", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "js-off", "without JavaScript each page of the feed is a new document");
  const tag = `${testInfo.project.name} ${Date.now()}`;
  await startSession(page, "acme", "admin", "/admin/new");
  await fillPost(page, `Parking ${tag}`, `The car park is closed on Monday ${tag}`);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("The post is published.")).toBeVisible();
  // Five newer posts push it to the feed's second page.
  await page.goto(tenantUrl("acme", "/feed"));
  for (let i = 0; i < 5; i++) await post(page, `After the announcement ${i} ${tag}`);

  await startSession(page, "acme", "employee");
  const announcement = 'ol[aria-label="Posts"] [data-slot="feed:adminGenerated"]';
  await expect(page.locator(announcement)).toHaveCount(0);
  // Every moment the list shows a feed item with nothing in it (its code still loading).
  await page.evaluate(() => {
    const empty: string[] = [];
    Object.assign(window, { empty });
    new MutationObserver(() => {
      for (const slot of document.querySelectorAll('ol[aria-label="Posts"] [data-slot^="feed:"]')) {
        if (slot.textContent!.trim() === "") empty.push(slot.getAttribute("data-slot")!);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await expect(async () => {
    await page.getByRole("list", { name: "Posts" }).getByRole("listitem").last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    await expect(postIn(page, `The car park is closed on Monday ${tag}`)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { empty: string[] }).empty)).toEqual([]);
});
