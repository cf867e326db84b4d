import { expect, test, type Page } from "../../../tests/e2e/test";
import { expectAccessible, loopbackGet, openMenuEntry, startSession, tenantUrl } from "../../../tests/e2e/helpers";
// The birthday post is drawn by the Moments feed, so its spec finds it the way Moments' specs do.
import { postPath } from "../../moments/tests/feed";

test.use({ viewport: { width: 1280, height: 900 } });

async function anotherPerson(page: Page) {
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled, viewport: page.viewportSize() });
  return context.newPage();
}

/** What a calendar app gets from a subscription address: no session. */
const subscribedFetch = (page: Page, address: string) => loopbackGet(page, address, { cookie: "" });

/** Today in the demo program's time zone (acme's tenant file). */
const programToday = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

test("a program manager sets today's birthday, the day is run, the feed has the post; a colleague reacts and sends an eCard from the list; the celebrant closes the banner", async ({ page }, testInfo) => {
  // Each project celebrates its own person: the two share one server's database.
  const celebrant = testInfo.project.use.javaScriptEnabled === false ? { login: "admin", name: "Alex Admin", first: "Alex" } : { login: "manager", name: "Morgan Manager", first: "Morgan" };
  await startSession(page, "acme", "admin");
  await openMenuEntry(page, "Admin", "People");
  await page.getByLabel("Name, username, e-mail or employee code").fill(`${celebrant.login}@acme.example.com`);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("table", { name: "People in the program" }).getByRole("link", { name: celebrant.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: celebrant.name })).toBeVisible();
  const today = programToday();
  await page.getByLabel("Birthday month").selectOption({ label: MONTHS[Number(today.slice(5, 7)) - 1]! });
  await page.getByLabel("Birthday day").selectOption(String(Number(today.slice(8, 10))));
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(`${celebrant.name} saved.`)).toBeVisible();

  await openMenuEntry(page, "Admin", "Celebrations");
  await expect(page.getByRole("heading", { name: "Celebrations", level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Celebrate today's milestones now" }).click();
  await expect(page.getByText(/^(1 more milestone was celebrated today\.|Today's milestones were all celebrated already\.)$/)).toBeVisible();

  // Its post is taken from the feed at once, then opened on its own page: tests posting to acme's feed at the
  // same time could push it off the feed's first page before the colleague signs in.
  await page.goto(tenantUrl("acme", "/feed"));
  const path = await postPath(page, `Happy Birthday, ${celebrant.first}!`);
  const colleague = await anotherPerson(page);
  await startSession(colleague, "acme", "employee", path);
  const post = colleague.getByRole("article").filter({ hasText: `Happy Birthday, ${celebrant.first}!` }).first();
  await expect(post).toBeVisible();
  await expect(post.getByRole("link", { name: `@${celebrant.name}` })).toBeVisible();
  await post.getByRole("button", { name: /Celebrate/ }).click();
  await expect(post.getByRole("button", { name: /Celebrate/ })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(colleague);

  await colleague.goto(tenantUrl("acme", "/feed"));
  await colleague.getByRole("complementary").getByRole("link", { name: "See All Milestones" }).click();
  await expect(colleague.getByRole("heading", { name: "Milestones", level: 1 })).toBeVisible();
  const todays = colleague.getByRole("region", { name: "Today" });
  await expect(todays.getByRole("link", { name: celebrant.name, exact: true })).toBeVisible();
  await expectAccessible(colleague);
  await todays.getByRole("link", { name: `Send eCard (${celebrant.name}, Birthday)` }).click();
  await expect(colleague).toHaveURL(/\/ecard\/new\?to=\d+&event=BIRTHDAY&date=\d{4}-\d{2}-\d{2}/);
  await expect(colleague.getByRole("form", { name: "eCard composer" }).getByRole("list", { name: /^Recipients/ })).toContainText(celebrant.name);
  await colleague.context().close();

  const celebrating = await anotherPerson(page);
  await startSession(celebrating, "acme", celebrant.login);
  const banner = celebrating.getByRole("region", { name: "Your celebrations" });
  await expect(banner.getByText(`Happy Birthday, ${celebrant.first}!`)).toBeVisible();
  await expectAccessible(celebrating);
  // With JavaScript the banner goes at once; the next page is loaded once the server has the closing.
  const closed = celebrating.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/milestones/celebrations/"));
  await banner.getByRole("button", { name: `Close: Happy Birthday, ${celebrant.first}!` }).click();
  await expect(banner.getByText(`Happy Birthday, ${celebrant.first}!`)).toHaveCount(0);
  await closed;
  await celebrating.goto(tenantUrl("acme", "/feed"));
  await expect(celebrating.getByRole("region", { name: "Your celebrations" }).getByText(`Happy Birthday, ${celebrant.first}!`)).toHaveCount(0);
  await celebrating.context().close();
});

test("a program manager writes the birthday letter and makes a celebration; its person reads the letter behind 'Click For More'", async ({ page }, testInfo) => {
  const line = `You made the ${testInfo.project.name} release happen`;
  await startSession(page, "acme", "admin", "/milestones/admin");
  await page.getByRole("button", { name: "Make the celebration" }).click();
  await expect(page.getByText("Enter the person's sign-in name or e-mail")).toBeVisible();
  await expect(page.getByText("Enter the banner's first line")).toBeVisible();
  await page.getByLabel("Person's sign-in name or e-mail").fill("employee");
  await page.getByLabel("Theme").selectOption({ label: "Sky" });
  await page.getByLabel("First line").fill("Thank you, Emery!");
  await page.getByLabel("Line 2 (optional)").fill(line);
  await page.getByLabel("Letter (Markdown, optional)").fill("## From all of us\n\nThis **matters**.");
  await page.getByRole("button", { name: "Make the celebration" }).click();
  await expect(page.getByText("The celebration was made: it shows on the person's feed until they close it.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Celebrations made" })).toContainText("Emery Employee");
  await expectAccessible(page);

  const employee = await anotherPerson(page);
  await startSession(employee, "acme", "employee");
  const banner = employee.getByRole("region", { name: "Your celebrations" }).getByRole("listitem").filter({ hasText: line });
  await expect(banner).toBeVisible();
  await banner.getByRole("link", { name: "Click For More" }).click();
  await expect(employee.getByRole("heading", { name: "From all of us" })).toBeVisible();
  await expect(employee.getByText("matters", { exact: true })).toHaveJSProperty("tagName", "STRONG");
  await expectAccessible(employee);
  await employee.getByRole("button", { name: "Close this celebration" }).click();
  await expect(employee).toHaveURL(/\/feed$/);
  await expect(employee.getByText(line)).toHaveCount(0);
  await employee.context().close();
});

test("a person subscribes to their team's milestones in a calendar app and turns the address off; a milestone opens on its page", async ({ page }) => {
  await startSession(page, "acme", "employee", "/milestones");
  await page.getByRole("link", { name: "Subscribe in a calendar app" }).click();
  await expect(page.getByRole("heading", { name: "Milestones calendar", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: /Make (my|a new) address/ }).click();
  const address = await page.getByLabel("My team's milestones").inputValue();
  expect(address).toMatch(/\/milestones\.ics\?token=[A-Za-z0-9_-]{32}&scope=team$/);
  await expectAccessible(page);
  const calendar = await subscribedFetch(page, address);
  expect(calendar.status()).toBe(200);
  expect(await calendar.text()).toContain("BEGIN:VCALENDAR");
  await page.getByRole("button", { name: "Turn off my address" }).click();
  await expect(page.getByText("Your calendar address no longer works.")).toBeVisible();
  expect((await subscribedFetch(page, address)).status()).toBe(404);

  // The year's milestones of the demo population: 20 a page, the next as one scrolls (or by its link).
  await page.goto(tenantUrl("acme", "/milestones"));
  const listed = page.getByRole("main").getByRole("listitem");
  await expect(listed).toHaveCount(20);
  if (test.info().project.use.javaScriptEnabled === false) {
    await page.getByRole("link", { name: "Later →" }).click();
    await expect(page).toHaveURL(/\/milestones\?page=2$/);
    await expect(listed).toHaveCount(20);
  } else {
    await listed.last().scrollIntoViewIfNeeded();
    await expect(listed).toHaveCount(40);
  }
  await page.getByRole("main").getByRole("link", { name: /Birthday|work anniversary/ }).first().click();
  await expect(page).toHaveURL(/\/milestone-detail\//);
  await expectAccessible(page);
  await page.goto(tenantUrl("acme", "/milestone-detail/birthday-1-2027-02-30"));
  await expect(page).toHaveURL(/\/feed$/);
  await expect(page.getByText("That milestone could not be found.")).toBeVisible();
});
