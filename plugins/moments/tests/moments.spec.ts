import fs from "node:fs/promises";
import type { Route } from "@playwright/test";
import { expect, test, type Page } from "../../../tests/e2e/test";
import sharp from "sharp";
import { expectAccessible, passTwoFactor, startSession, tenantUrl, untilInteractive } from "../../../tests/e2e/helpers";
import { mp4 } from "../../../tests/setup/videos";
import { cardOf, composer, post as postText, postPath } from "./feed";

test.use({ viewport: { width: 1280, height: 900 } });

/**
 * Picks a person or group in the composer's lookup: with JavaScript from the
 * combobox's options as one types, without it from the search's checkboxes.
 */
async function pick(page: Page, search: string, option: string, shows = option) {
  const lookup = composer(page).getByLabel("Search by name, group or e-mail");
  await lookup.fill(search);
  if (await page.evaluate(() => document.querySelector("[role=combobox]") !== null)) {
    await composer(page).getByRole("option", { name: new RegExp(option) }).click();
    await expect(lookup).toHaveValue("");
  } else {
    await composer(page).getByRole("button", { name: "Search" }).click();
    await composer(page).getByRole("checkbox", { name: new RegExp(option) }).check();
    await composer(page).getByRole("button", { name: "Add selected" }).click();
  }
  await expect(composer(page).getByRole("button", { name: `Remove ${shows}` })).toBeVisible();
}

/** Adds a JPEG of the given size in the composer's picture step, described, and sees it added beside the text typed before. */
async function addPicture(page: Page, file: { name: string; width: number; height: number }, description: string, typed: string) {
  const photo = await sharp({ create: { width: file.width, height: file.height, channels: 3, background: "#cc8833" } }).jpeg().toBuffer();
  await composer(page).getByLabel("Picture", { exact: true }).setInputFiles({ name: file.name, mimeType: "image/jpeg", buffer: photo });
  await composer(page).getByLabel("Describe the picture for people who can't see it").fill(description);
  await composer(page).getByRole("button", { name: "Add picture" }).click();
  await expect(composer(page).getByRole("img", { name: description })).toBeVisible();
  await expect(composer(page).getByLabel("Recognize someone")).toHaveValue(typed);
}

test("post with a mention, a points mention and a hashtag through both checks; react, comment, see it by hashtag", async ({ page }, testInfo) => {
  const text = `Thanks for the release (${testInfo.project.name}) #shipit`;
  await startSession(page, "acme", "manager");
  await expectAccessible(page);
  await composer(page).getByLabel("Recognize someone").fill(text);
  await composer(page).getByRole("button", { name: "Mention" }).click();
  await pick(page, "emer", "Emery Employee");
  await pick(page, "ivy", "Ivy Invited");
  await expectAccessible(page);
  await composer(page).getByRole("button", { name: "Back" }).click();
  await composer(page).getByRole("button", { name: "Give Points" }).click();
  await pick(page, "alex", "Alex Admin");
  await composer(page).getByLabel("Points for Alex Admin").fill("1.5");
  await composer(page).getByRole("button", { name: "Back" }).click();
  await composer(page).getByRole("button", { name: "Post", exact: true }).click();
  await expect(composer(page).getByText("Alex Admin: Point values must be a positive whole number.")).toBeVisible();
  await composer(page).getByRole("button", { name: "Give Points" }).click();
  await composer(page).getByLabel("Points for Alex Admin").fill("25");
  await composer(page).getByRole("button", { name: "Back" }).click();
  await composer(page).getByRole("button", { name: "Hashtags" }).click();
  await composer(page).getByLabel("Hashtag").fill("not-ok");
  await composer(page).getByRole("button", { name: "Add", exact: true }).click();
  await expect(composer(page).getByText("Hashtags must use alphanumeric characters.")).toBeVisible();
  await composer(page).getByLabel("Hashtag").fill("shipit");
  await composer(page).getByRole("button", { name: "Add", exact: true }).click();
  await expect(composer(page).getByText("1/20 Added")).toBeVisible();
  await expectAccessible(page);
  await composer(page).getByRole("button", { name: "Back" }).click();
  await composer(page).getByRole("button", { name: "Post", exact: true }).click();

  // Ivy prefers private recognition: the heads-up comes first, then the points confirmation.
  await expect(page.getByRole("alertdialog", { name: "Heads Up!" })).toContainText("Ivy Invited prefers private recognition.");
  await expectAccessible(page);
  await page.getByRole("alertdialog", { name: "Heads Up!" }).getByRole("button", { name: "Post Anyway" }).click();
  await expect(page.getByRole("alertdialog", { name: "Way to Recognize!" })).toContainText("You're about to give 25 points. This action can't be undone.");
  await expectAccessible(page);
  await page.getByRole("alertdialog", { name: "Way to Recognize!" }).getByRole("button", { name: "Give Points" }).click();
  await expect(page).toHaveURL(/\/feed$/);

  const post = page.getByRole("list", { name: "Posts" }).getByRole("listitem").filter({ hasText: text }).first();
  await expect(post.getByRole("link", { name: "@Alex Admin" })).toBeVisible();
  await expect(post.getByText("+25 points")).toBeVisible();
  await post.getByRole("button", { name: /Love/ }).click();
  await expect(post.getByRole("button", { name: /Love/ })).toHaveAttribute("aria-pressed", "true");
  await post.getByLabel("Write a comment").fill("Well deserved");
  await post.getByRole("button", { name: "Comment" }).click();
  await expect(post.getByRole("list", { name: "Comments" }).getByText("Well deserved")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("list", { name: "Posts" }).getByRole("link", { name: "#shipit" }).first().click();
  await expect(page.getByRole("heading", { name: "#shipit" })).toBeVisible();
  await expect(page.getByText(text).first()).toBeVisible();
  await expectAccessible(page);

  // The post's own page lists who reacted, with a tab per reaction type.
  await page.getByRole("listitem").filter({ hasText: text }).first().getByRole("link", { name: /ago|just now/ }).first().click();
  const tabs = page.getByRole("navigation", { name: "Filter reactions" });
  await expect(tabs.getByRole("link", { name: "All 1" })).toHaveAttribute("aria-current", "page");
  await tabs.getByRole("link", { name: /Love 1/ }).click();
  await expect(page).toHaveURL(/\?reaction=2$/);
  await expect(tabs.getByRole("link", { name: /Love 1/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("region", { name: "Reactions" }).getByRole("link", { name: "Morgan Manager" })).toBeVisible();
  await expectAccessible(page);
});

test("pick people to mention by search, by group and by a pasted list of e-mail addresses", async ({ page }, testInfo) => {
  await startSession(page, "acme", "manager");
  await composer(page).getByLabel("Recognize someone").fill(`Thanks, team (${testInfo.project.name})`);
  await composer(page).getByRole("button", { name: "Mention" }).click();
  const mentioned = composer(page).getByRole("list", { name: "Mentioned" });

  await pick(page, "emer", "Emery Employee");
  // A group brings its members; Emery, already picked, keeps her place and gains the group's name.
  await pick(page, "engin", "Engineering", "Emery Employee");
  await expect(mentioned.getByRole("listitem").first()).toContainText(/Emery Employee\s*\(Engineering\)/);
  const members = await mentioned.getByRole("listitem").count();
  expect(members).toBeGreaterThan(2);
  await expectAccessible(page);
  // What is picked is offered again, but disabled.
  await composer(page).getByLabel("Search by name, group or e-mail").fill("emer");
  if (testInfo.project.name === "js-on") {
    await expect(composer(page).getByRole("option", { name: /Emery Employee/ })).toHaveAttribute("aria-disabled", "true");
    await composer(page).getByLabel("Search by name, group or e-mail").press("Escape");
  } else {
    await composer(page).getByRole("button", { name: "Search" }).click();
    await expect(composer(page).getByRole("checkbox", { name: /Emery Employee/ })).toBeDisabled();
  }
  // Removing one member breaks the group up: the others stay, as people of their own.
  await composer(page).getByRole("button", { name: "Remove Emery Employee" }).click();
  await expect(mentioned.getByRole("listitem")).toHaveCount(members - 1);
  await expect(mentioned).not.toContainText("(Engineering)");

  await composer(page).getByText("Paste a list of e-mail addresses").click();
  await composer(page).getByLabel("E-mail addresses, separated by commas").fill("admin@acme.example.com, nobody@acme.example.com");
  await composer(page).getByRole("button", { name: "Add from list" }).click();
  await expect(composer(page).getByRole("button", { name: "Remove Alex Admin" })).toBeVisible();
  await expect(composer(page).getByRole("status")).toContainText("No one in this program has these addresses:");
  await expect(composer(page).getByRole("status")).toContainText("nobody@acme.example.com");
  await expectAccessible(page);
});

test("post a picture: a file that is not one is refused beside the field, the draft kept; the picture shows in the feed, described", async ({ page }, testInfo) => {
  const text = `Team lunch (${testInfo.project.name})`;
  await startSession(page, "acme", "employee");
  await composer(page).getByLabel("Recognize someone").fill(text);
  await composer(page).getByRole("button", { name: "Picture" }).click();
  await composer(page).getByLabel("Picture", { exact: true }).setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("these are notes, not a picture") });
  await composer(page).getByRole("button", { name: "Add picture" }).click();
  await expect(composer(page).getByText("This file is not an image. Choose a JPEG, PNG, WebP or GIF picture.")).toBeVisible();
  await expectAccessible(page);

  await addPicture(page, { name: "lunch.jpg", width: 1600, height: 900 }, "Six people around a table", text);
  await composer(page).getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL(/\/feed$/);
  const post = page.getByRole("list", { name: "Posts" }).getByRole("listitem").filter({ hasText: text }).first();
  const picture = post.getByRole("img", { name: "Six people around a table" });
  await expect(picture).toBeVisible();
  // Re-encoded for the feed: a 16:9 picture drawn on the spec's 1000x563 canvas.
  await expect(picture).toHaveAttribute("width", "1000");
  await expect(picture).toHaveAttribute("height", "563");
});

test("post a link: an address that is not one is refused beside the field; the card leaves the site only past the warning", async ({ page }, testInfo) => {
  const text = `Read about our award (${testInfo.project.name})`;
  const address = `https://news.example.org/award-${testInfo.project.name}`;
  await startSession(page, "acme", "employee");
  await composer(page).getByLabel("Recognize someone").fill(text);
  // GIFs need GIPHY's key, which this server does not have: none is offered.
  await expect(composer(page).getByRole("button", { name: "GIF", exact: true })).toHaveCount(0);
  await composer(page).getByRole("button", { name: "Link", exact: true }).click();
  await composer(page).getByLabel("Web address").fill("our award");
  await composer(page).getByRole("button", { name: "Add link" }).click();
  await expect(composer(page).getByText("Enter a web address with a domain, such as example.com/news.")).toBeVisible();
  await expect(composer(page).getByLabel("Web address")).toHaveValue("our award");
  await expectAccessible(page);

  // This machine reaches no outside site, so the card shows the address itself (a page that cannot be read is shown plainly).
  await composer(page).getByLabel("Web address").fill(address);
  await composer(page).getByRole("button", { name: "Add link" }).click();
  await expect(composer(page).getByRole("button", { name: "Remove link" })).toBeVisible();
  await expect(composer(page).getByRole("button", { name: "Picture" })).toHaveCount(0);
  await expect(composer(page).getByLabel("Recognize someone")).toHaveValue(text);
  await composer(page).getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL(/\/feed$/);

  const post = page.getByRole("list", { name: "Posts" }).getByRole("listitem").filter({ hasText: text }).first();
  await post.getByRole("link", { name: new RegExp(address) }).click();
  const warning = "Heads Up – You're Leaving Our Site";
  if (testInfo.project.name === "js-off") {
    await expect(page).toHaveURL(/\/leaving\?/);
    await expect(page.getByRole("heading", { name: warning })).toBeVisible();
  } else {
    await expect(page.getByRole("dialog", { name: warning })).toBeVisible();
  }
  await expect(page.getByText("This link opens news.example.org, a site we don't run.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Proceed Anyway" })).toHaveAttribute("href", address);
  await expectAccessible(page);
  await page.getByRole(testInfo.project.name === "js-off" ? "link" : "button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(page.getByRole("dialog", { name: warning })).toHaveCount(0);
});

test("a web address in a post's text is a link, which leaves the site only past the warning", async ({ page }, testInfo) => {
  const address = `https://slides.example.net/q3-${testInfo.project.name}`;
  await startSession(page, "acme", "employee");
  await composer(page).getByLabel("Recognize someone").fill(`Slides from today: ${address}. Thanks all!`);
  await composer(page).getByRole("button", { name: "Post", exact: true }).click();
  const post = page.getByRole("list", { name: "Posts" }).getByRole("listitem").filter({ hasText: address }).first();
  await post.getByRole("link", { name: address, exact: true }).click();
  const warning = "Heads Up – You're Leaving Our Site";
  await expect(testInfo.project.name === "js-off" ? page.getByRole("heading", { name: warning }) : page.getByRole("dialog", { name: warning })).toBeVisible();
  await expect(page.getByRole("link", { name: "Proceed Anyway" })).toHaveAttribute("href", address);
  await page.getByRole(testInfo.project.name === "js-off" ? "link" : "button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/feed$/);
});

test("post a video: a file that is not one is refused, the draft kept; a 12 MB video streams up and plays in the feed", async ({ page }, testInfo) => {
  const text = `Sprint demo (${testInfo.project.name})`;
  await startSession(page, "acme", "employee");
  await composer(page).getByLabel("Recognize someone").fill(text);
  await composer(page).getByRole("button", { name: "Video", exact: true }).click();
  await composer(page).getByLabel("Video", { exact: true }).setInputFiles({ name: "demo.mp4", mimeType: "video/mp4", buffer: Buffer.from("MZ this is a program") });
  await composer(page).getByRole("button", { name: "Add video" }).click();
  await expect(composer(page).getByText("This file is not a video. Choose an MP4, WebM or MOV video.")).toBeVisible();
  await expectAccessible(page);

  // An MP4 as a camera writes one, its index after its media, past what a form is read into memory at.
  const clip = testInfo.outputPath("demo.mp4");
  await fs.writeFile(clip, mp4({ mediaBytes: 12 * 1024 * 1024 }));
  await composer(page).getByLabel("Video", { exact: true }).setInputFiles(clip);
  await composer(page).getByRole("button", { name: "Add video" }).click();
  await expect(composer(page).getByRole("button", { name: "Remove video" })).toBeVisible();
  // One attachment per post: no picture is offered beside the video.
  await expect(composer(page).getByRole("button", { name: "Picture", exact: true })).toHaveCount(0);
  await expect(composer(page).getByLabel("Recognize someone")).toHaveValue(text);
  await composer(page).getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL(/\/feed$/);
  const post = page.getByRole("list", { name: "Posts" }).getByRole("listitem").filter({ hasText: text }).first();
  // Processing ends a moment later: with JavaScript the card asks every 5 seconds; without, 'Check again' reloads.
  await expect(async () => {
    if (testInfo.project.name === "js-off" && (await post.getByRole("link", { name: "Check again" }).count()) > 0) await post.getByRole("link", { name: "Check again" }).click();
    await expect(post.locator("video source")).toHaveAttribute("src", /^\/assets\/[0-9a-f-]{36}\/demo\.mp4$/, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(post.locator("video")).toHaveAttribute("width", "640");
  await expectAccessible(page);
});

test("on the composer's own page a picture or a video is added to the draft, never in place of it", async ({ page }, testInfo) => {
  const text = `Own page (${testInfo.project.name})`;
  await startSession(page, "acme", "employee");
  await page.goto(tenantUrl("acme", "/compose"));
  await composer(page).getByLabel("Recognize someone").fill(text);
  await composer(page).getByRole("button", { name: "Picture" }).click();
  await addPicture(page, { name: "board.jpg", width: 800, height: 600 }, "A whiteboard full of ideas", text);

  await composer(page).getByRole("button", { name: "Remove picture" }).click();
  await composer(page).getByRole("button", { name: "Video", exact: true }).click();
  await composer(page).getByLabel("Video", { exact: true }).setInputFiles({ name: "clip.mp4", mimeType: "video/mp4", buffer: mp4({ mediaBytes: 64 * 1024 }) });
  await composer(page).getByRole("button", { name: "Add video" }).click();
  await expect(composer(page).getByRole("button", { name: "Remove video" })).toBeVisible();
  await expect(composer(page).getByLabel("Recognize someone")).toHaveValue(text);
  await composer(page).getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL(/\/feed$/);
  // Posted with its video: playing, or still being processed (the job may not have run yet).
  const posted = page.getByRole("list", { name: "Posts" }).getByRole("listitem").filter({ hasText: text }).first();
  await expect(posted.getByText("Video Upload Complete").or(posted.locator("video"))).toBeVisible();
});

test("amplify, report, see more comments, load more, trending hashtags, not found", async ({ page }, testInfo) => {
  await startSession(page, "acme", "admin");
  // Enough posts for a second page, and a post with more comments than the feed shows.
  for (let i = 0; i < 6; i++) {
    await composer(page).getByLabel("Recognize someone").fill(`Paging post ${i} ${testInfo.project.name}`);
    await composer(page).getByRole("button", { name: "Post", exact: true }).click();
    await expect(page.getByText(`Paging post ${i} ${testInfo.project.name}`)).toBeVisible();
  }
  const reportedPath = await postPath(page, `Paging post 5 ${testInfo.project.name}`);
  if (testInfo.project.name === "js-off") {
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(page).toHaveURL(/cursor=\d+/);
  } else {
    await page.getByRole("list", { name: "Posts" }).getByRole("listitem").last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    await expect(page.getByRole("list", { name: "Posts" }).getByRole("listitem")).not.toHaveCount(5);
  }
  await expectAccessible(page);

  await startSession(page, "acme", "employee", reportedPath);
  const reported = cardOf(page, `Paging post 5 ${testInfo.project.name}`);
  await reported.getByText("•••").click();
  await reported.getByRole("link", { name: "Report" }).click();
  await page.getByLabel("Spam or advertising").check();
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page).toHaveURL(new RegExp(`${reportedPath}$`));
  await expect(page.getByText("This Highlight is under review by an Administrator").first()).toBeVisible();

  // The welcome post has more comments than a list shows: the rest are on its own page.
  await page.goto(tenantUrl("acme", "/hashtag/welcome"));
  const welcome = page.getByRole("article").filter({ hasText: "Welcome to Moments!" });
  await expect(welcome.getByRole("list", { name: "Comments" }).getByRole("listitem")).toHaveCount(5);
  await welcome.getByRole("link", { name: "See more comments" }).click();
  await expect(page).toHaveURL(/\/post\/\d+$/);
  await expect(page.getByRole("list", { name: "Comments" }).getByRole("listitem")).toHaveCount(7);
  await expect(page.getByText("Glad to be here!")).toBeVisible();
  await expectAccessible(page);
  await page.goto(page.url().replace("/post/", "/post-story/"));
  await expect(page.getByRole("heading", { name: /story$/ })).toBeVisible();
  await expectAccessible(page);

  await page.goto(tenantUrl("acme", "/hashtag"));
  await expect(page.getByRole("heading", { name: "Trending Hashtags" })).toBeVisible();
  await expectAccessible(page);
  await page.goto(tenantUrl("acme", "/post/999999"));
  await expect(page).toHaveURL(/\/post\/not-found$/);
  await expect(page.getByRole("heading", { name: "Post not found" })).toBeVisible();
  await expectAccessible(page);
});

test("a page still loading when the segment changes neither holds up the chosen segment's next page nor joins its list", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "js-off", "the next page loads as the end comes into view only with JavaScript");
  await startSession(page, "acme", "manager");
  // A second page both for the whole program and for the manager's segment.
  for (let i = 0; i < 6; i++) await postText(page, `Segment switch post ${i}`);
  const posts = page.getByRole("list", { name: "Posts" }).locator(":scope > li");
  const toTheEnd = async () => {
    // Again if the list is swapped meanwhile: a new segment's list replaces the old one's items, and the last one found may be gone.
    await expect(() => posts.last().scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
    await page.mouse.wheel(0, 5000);
  };
  await expect(posts).toHaveCount(5);

  // Each next page is held until let through: the whole program's, then the segment's.
  const held: Route[] = [];
  await page.route(/\/feed\/page\?/, (route) => void held.push(route));
  await toTheEnd();
  await expect.poll(() => held.length).toBe(1);
  const [whole] = held;
  const segment = page.getByLabel("Segment", { exact: true });
  await segment.selectOption({ label: "North America" });
  await expect(page).toHaveURL(new RegExp(`[?&]segment=${await segment.inputValue()}$`));
  await expect(posts).toHaveCount(5);
  // The segment's list asks for its own next page while the whole program's is still out.
  await toTheEnd();
  await expect.poll(() => held.length).toBe(2);
  const [, chosen] = held;

  // The page left behind answers after the cursor the segment's list waits for: the one case a
  // cursor alone cannot tell apart. Its posts are the whole program's, not the segment's.
  const stale = new URL(whole!.request().url());
  stale.searchParams.set("cursor", new URL(chosen!.request().url()).searchParams.get("cursor")!);
  const answered = page.waitForResponse((response) => response.request() === whole!.request());
  await whole!.continue({ url: stale.toString() });
  await answered;
  // Two frames: a page appended would be by then (its code is loaded, so it waits for nothing).
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(posts).toHaveCount(5);

  // The segment's own next page is still added.
  await chosen!.continue();
  await expect(posts).not.toHaveCount(5);
  await page.unroute(/\/feed\/page\?/);
});

test("a points mention can be amplified by another giver, once, and never by the person it mentions", async ({ page }, testInfo) => {
  await startSession(page, "acme", "admin");
  const text = `Amplify me ${testInfo.project.name}`;
  await composer(page).getByLabel("Recognize someone").fill(text);
  await composer(page).getByRole("button", { name: "Give Points" }).click();
  await pick(page, "emer", "Emery Employee");
  // Typed straight after a points field: the lookup's list must open (a stale close from leaving it once shut it).
  await composer(page).getByLabel("Points for Emery Employee").fill("10");
  await pick(page, "morgan", "Morgan Manager");
  await composer(page).getByLabel("Points for Morgan Manager").fill("50");
  await composer(page).getByRole("button", { name: "Back" }).click();
  await composer(page).getByRole("button", { name: "Post", exact: true }).click();
  await page.getByRole("alertdialog", { name: "Way to Recognize!" }).getByRole("button", { name: "Give Points" }).click();
  const path = await postPath(page, text);

  await startSession(page, "acme", "manager", path);
  const post = cardOf(page, text);
  await post.locator("summary", { hasText: "Amplify" }).click();
  await expect(post.getByLabel("Points for Morgan Manager")).toHaveCount(0);
  await post.getByLabel("Points for Emery Employee").fill("5");
  // With JavaScript '+15 points' shows before the server answers: wait for the answer, or the reload would cancel the request.
  await Promise.all([
    page.waitForResponse((response) => /\/post\/\d+/.test(response.url()) && response.request().method() === "POST"),
    post.getByRole("button", { name: "Amplify" }).click(),
  ]);
  await expect(post.getByText("+15 points")).toBeVisible();
  await page.reload();
  await expect(post.getByText("+15 points")).toBeVisible();
  await expect(post.locator("summary", { hasText: "Amplify" })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expectAccessible(page);
});

test("with JavaScript a comment shows at once, before the server answers", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "js-off", "optimistic updates need JavaScript");
  await startSession(page, "acme", "employee");
  const path = await postText(page, "Answer me later");

  await startSession(page, "acme", "manager", path);
  const labelledBy = await cardOf(page, "Answer me later").getAttribute("aria-labelledby");
  const post = page.locator(`article[aria-labelledby="${labelledBy}"]`);
  // Hold each interaction's answer back until released (three seconds at most).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/post\/\d+\?_data=/, async (route) => {
    await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 3000))]);
    await route.continue();
  });
  await post.getByLabel("Write a comment").fill("Seen before the answer");
  await post.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(post.getByRole("list", { name: "Comments" }).getByText("Seen before the answer")).toBeVisible({ timeout: 1000 });
  release();
  await expect(post.getByRole("button", { name: "Update comment" })).toBeVisible();
});

test("the feed's composer shows its actions on focus; on its own page, at once", async ({ page }) => {
  await startSession(page, "acme", "employee");
  const post = composer(page).getByRole("button", { name: "Post", exact: true });
  await expect(post).toBeHidden();
  await composer(page).getByLabel("Recognize someone").focus();
  await expect(post).toBeVisible();
  await page.goto(tenantUrl("acme", "/compose"));
  await expect(composer(page).getByRole("button", { name: "Mention" })).toBeVisible();
  await expect(post).toBeVisible();
});

test("on a phone, the footer's Recognize starts a recognition", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startSession(page, "acme", "employee");
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Recognize" }).click();
  await expect(page).toHaveURL(/\/compose$/);
  await expect(composer(page).getByLabel("Recognize someone")).toBeVisible();
});

test("another program's post is not found", async ({ page }) => {
  await startSession(page, "acme", "employee");
  const href = await page.getByRole("list", { name: "Posts" }).getByRole("link", { name: /ago|just now|\// }).first().getAttribute("href");
  await startSession(page, "globex", "employee");
  await passTwoFactor(page, "globex");
  await page.goto(tenantUrl("globex", href!));
  await expect(page).toHaveURL(/\/post\/not-found$/);
});

test("the welcome post closes for good; the leaderboard switches between the month and the year, with its tips", async ({ page }, testInfo) => {
  await startSession(page, "acme", "employee");
  const welcome = page.getByRole("region", { name: "Welcome to Acme Applause" });
  await expect(welcome).toContainText("Recognise the people who make Acme great.");
  // Wait for the close to be stored: with JavaScript the card goes at once, before its request is answered.
  await Promise.all([page.waitForResponse((response) => response.url().includes("/welcome-post/hide")), welcome.getByRole("button", { name: "Close welcome post" }).click()]);
  await expect(welcome).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Moments", exact: true })).toBeVisible();
  await expect(welcome).toHaveCount(0);

  const board = page.getByRole("region", { name: "Moments Leaderboard" });
  await expect(board.getByRole("button", { name: "Monthly" })).toHaveAttribute("aria-pressed", "true");
  await expect(board.getByRole("list", { name: "Monthly leaders" }).getByRole("listitem").first()).toBeVisible();
  await board.getByRole("button", { name: "Yearly" }).click();
  if (testInfo.project.name === "js-off") {
    await expect(page).toHaveURL(/\/leaderboard\?range=YEAR$/);
    await expect(page.getByRole("heading", { name: "Moments Leaderboard", level: 1 })).toBeVisible();
  }
  await expect(board.getByRole("button", { name: "Yearly" })).toHaveAttribute("aria-pressed", "true");
  await expect(board.getByRole("list", { name: "Yearly leaders" }).getByRole("listitem").first()).toBeVisible();
  await board.getByText("Tips", { exact: true }).click();
  await expect(board.getByText("Post a moment to recognize a colleague: every post scores a point.")).toBeVisible();
  await expectAccessible(page);
  if (testInfo.project.name === "js-on") {
    // With JavaScript the tips are a dialog, closed by its button.
    const tips = page.getByRole("dialog", { name: "Leaderboard tips" });
    await tips.getByRole("button", { name: "Close" }).click();
    await expect(tips).toBeHidden();
  }

  // The segment filter: a choice applies at once with JavaScript, through 'Show' without.
  await page.goto(tenantUrl("acme", "/feed"));
  await untilInteractive(page);
  const segment = page.getByLabel("Segment", { exact: true });
  const chosen = (await segment.locator("option").nth(1).getAttribute("value"))!;
  await segment.selectOption(chosen);
  if (testInfo.project.name === "js-off") await page.getByRole("button", { name: "Show", exact: true }).click();
  else await expect(page.getByRole("button", { name: "Show", exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`[?&]segment=${chosen}$`));
  await expect(segment).toHaveValue(chosen);
});
