import fs from "node:fs";
import { createRequire } from "node:module";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import type { AxeResults } from "axe-core";
import { serverPort } from "./worker-server";

export const DEMO_PASSWORD = "Recognize-2026!";

/** A URL of this worker's server (each worker has its own). */
export function tenantUrl(subdomain: string, pathname: string) {
  return `http://${subdomain}.localhost:${serverPort()}${pathname}`;
}

/**
 * What the test itself (not the page) gets from an address of a program: Node does not resolve
 * *.localhost as Chromium does, so it asks the loopback address with the program's Host header.
 * `cookie` is the Cookie header to send ("" for none, as a calendar app would).
 */
export function loopbackGet(page: Page, address: string, { cookie }: { cookie?: string } = {}) {
  const url = new URL(address);
  return page.request.get(`http://127.0.0.1:${url.port}${url.pathname}${url.search}`, { headers: { Host: url.host, ...(cookie === undefined ? {} : { Cookie: cookie }) } });
}

export async function signIn(page: Page, subdomain: string, username: string, pathname = "/login") {
  await page.goto(tenantUrl(subdomain, pathname));
  await page.getByLabel("Username or e-mail").fill(username);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * A fresh session for a test that is not about signing in: one form post to
 * /login (the browser context keeps its cookie), then the page, once it is interactive. Each test gets
 * its own session, so what one test leaves in a session (a delegation, a
 * dismissed notice) never reaches another.
 */
export async function startSession(page: Page, subdomain: string, username: string, pathname = "/feed") {
  // Node does not resolve *.localhost as Chromium does: post to the loopback address with the
  // program's Host header, and hand the session cookie to the browser for the program's host.
  const port = new URL(tenantUrl(subdomain, "/")).port;
  const response = await page.request.post(`http://127.0.0.1:${port}/login`, {
    headers: { Host: `${subdomain}.localhost:${port}` },
    form: { username, password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status(), `signing in as ${username}`).toBe(302);
  const cookies = response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value.split(";")[0]!.split("="))
    .map(([name, ...value]) => ({ name: name!, value: value.join("="), domain: `${subdomain}.localhost`, path: "/", httpOnly: true, sameSite: "Lax" as const }));
  await page.context().addCookies(cookies);
  await page.goto(tenantUrl(subdomain, pathname));
  await untilInteractive(page);
}

/** The profile menu is a Radix dropdown with JavaScript and a <details> disclosure without. */
export async function signOut(page: Page, displayName: string) {
  await page.getByRole("navigation", { name: "Main" }).getByText(displayName).filter({ visible: true }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).or(page.getByRole("button", { name: "Sign out" })).first().click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * With JavaScript, on a page with the header, waits until it has hydrated: the header belongs to React, and so
 * does every plugin's part of the page (each in a Suspense boundary of its own, hydrated after the rest on a busy
 * machine); on a wide screen its menus are dropdowns. A link clicked before then navigates while React is still
 * hydrating a part, which React reports (#421), or loads a new document. On a phone the header's navigation is
 * inside the closed burger, hidden from role queries, so it is found by its attribute.
 */
export async function untilInteractive(page: Page) {
  const nav = page.locator('nav[aria-label="Main"]');
  if (!(await page.evaluate(() => "__remixContext" in window)) || (await nav.count()) === 0) return;
  // React marks each element it has hydrated with a property of its own (`__reactFiber$…`).
  await page.waitForFunction(() =>
    [document.querySelector('nav[aria-label="Main"]')!, ...document.querySelectorAll("[data-slot] > *")].every((part) =>
      Object.keys(part).some((key) => key.startsWith("__reactFiber$")),
    ),
  );
  if (await page.evaluate(() => matchMedia("(min-width: 64rem)").matches)) await expect(nav.locator('button[aria-haspopup="menu"]').first()).toBeVisible();
}

/**
 * Opens a header menu and follows one of its entries, with or without
 * JavaScript. With it, the menu's disclosure becomes a dropdown once the
 * dropdown's code has arrived; a click whose press and release straddle that
 * swap is lost (a person would click again), so the swap is waited for.
 */
export async function openMenuEntry(page: Page, menu: string, entry: string) {
  const nav = page.getByRole("navigation", { name: "Main" });
  await untilInteractive(page);
  await nav.getByText(menu, { exact: true }).filter({ visible: true }).click();
  await page.getByRole("menuitem", { name: entry }).or(page.getByRole("link", { name: entry })).first().click();
}

/**
 * Waits for a shown picture to arrive at the size the server made it. Pictures load lazily, and an
 * image that is laid out (its width and height are given) is visible before its bytes come.
 */
export async function expectPictureSize(picture: Locator, size: [width: number, height: number]) {
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual(size);
}

export async function pointsToSpend(page: Page) {
  const text = await page.getByTestId("Points to Spend").locator("span").first().innerText();
  return Number(text.replace(/,/g, ""));
}

/** The code in the newest text message of the program's dev outbox, read in a second tab. */
export async function latestTextedCode(page: Page, subdomain: string) {
  const outbox = await page.context().newPage();
  await outbox.goto(tenantUrl(subdomain, "/dev/outbox"));
  const text = await outbox.getByRole("region", { name: "Text messages" }).getByRole("listitem").first().innerText();
  await outbox.close();
  return /(\d{6}) is your/.exec(text)![1]!;
}

/** The two-factor step after a sign-in: send the code, read it from the outbox, give it. */
export async function passTwoFactor(page: Page, subdomain: string) {
  await expect(page).toHaveURL(/\/two-factor/);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByLabel("Verification code")).toBeVisible();
  await page.getByLabel("Verification code").fill(await latestTextedCode(page, subdomain));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Verification Complete!")).toBeVisible();
}

/** Room a reader needs between two columns' text, in CSS pixels. */
const MIN_COLUMN_GAP = 12;

/**
 * Checks what a reader sees of the page's tables: in every displayed table row,
 * each cell's text ends at least MIN_COLUMN_GAP before the next cell's begins,
 * and the page does not scroll sideways. Returns how many rows were measured.
 */
export async function expectReadableTables(page: Page) {
  const { crowded, rows, overflow } = await page.evaluate((minGap) => {
    const textBox = (cell: Element) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      return rects.length ? { left: Math.min(...rects.map((r) => r.left)), right: Math.max(...rects.map((r) => r.right)) } : null;
    };
    const crowded: string[] = [];
    const shown = [...document.querySelectorAll("tr")].filter((row) => (row as HTMLElement).offsetParent !== null);
    for (const row of shown) {
      const boxes = [...row.children].map((cell) => ({ text: (cell as HTMLElement).innerText.trim(), box: textBox(cell) })).filter((c) => c.box);
      for (let i = 1; i < boxes.length; i++) {
        const gap = boxes[i]!.box!.left - boxes[i - 1]!.box!.right;
        if (gap < minGap) crowded.push(`"${boxes[i - 1]!.text}" and "${boxes[i]!.text}" are ${Math.round(gap)}px apart`);
      }
    }
    return { crowded, rows: shown.length, overflow: document.documentElement.scrollWidth - window.innerWidth };
  }, MIN_COLUMN_GAP);
  expect(crowded).toEqual([]);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
  return rows;
}

/**
 * Runs axe on the page as it is now: WCAG 2.1 A and AA and axe's best
 * practices (landmarks, one main, heading order). Any violation, of any
 * impact, fails the test with what and where. axe is a script: for a page shown
 * without JavaScript, the same HTML (its scripts taken out) is checked in a
 * page that runs scripts, with the same stylesheets and window size.
 */
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const AXE_SCRIPT = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe's violations on the page: its script is put into the page once (a page checked at two widths
 * is one document) and run there, which takes a third of the time @axe-core/playwright's partial
 * runs took (each injected the script again and finished in a new blank page). Only violations are
 * described node by node (`resultTypes`): every rule still runs on every node, and describing each
 * passing node too took a sixth of each run.
 */
async function axeViolations(page: Page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SCRIPT);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe;
    return (await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] })).violations;
  }, AXE_TAGS);
}

/**
 * The page of each browser (each worker has one) where the HTML of pages shown without JavaScript
 * is checked. It is kept: each HTML is written into the same window, so the stylesheets stay cached
 * and axe stays loaded (a new context, a navigation and axe again took 1.1 s of each 1.6 s check).
 */
const checkers = new WeakMap<Browser, Promise<Page>>();

function checkerOf(browser: Browser) {
  let checker = checkers.get(browser);
  if (!checker) {
    checker = browser.newContext({ javaScriptEnabled: true }).then((context) => context.newPage());
    checkers.set(browser, checker);
  }
  return checker;
}

/** The HTML of a page shown without JavaScript, its scripts taken out, in the checker at the same address's origin and window size. */
async function withScripts(page: Page) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const checker = await checkerOf(page.context().browser()!);
  const origin = new URL(page.url()).origin;
  if (new URL(checker.url()).origin !== origin) {
    // An empty page of the program's origin, never asked of the server: the HTML's own addresses resolve as they did.
    const blank = `${origin}/axe-checker`;
    await checker.route(blank, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html>" }));
    await checker.goto(blank);
    await checker.unroute(blank);
  }
  await checker.setViewportSize(page.viewportSize() ?? DESKTOP);
  await checker.evaluate((document_) => {
    document.open();
    document.write(document_);
    document.close();
  }, html);
  await checker.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null));
  return checker;
}

export async function expectAccessible(page: Page) {
  const url = page.url();
  const checked = test.info().project.use.javaScriptEnabled === false ? await withScripts(page) : page;
  const shown = page.viewportSize() ?? DESKTOP;
  try {
    // At the width the test looks at, then at the other one: every page passes on a desktop and on a phone.
    for (const viewport of shown.width >= DESKTOP.width ? [shown, PHONE] : [shown, DESKTOP]) {
      await checked.setViewportSize(viewport);
      const violations = await axeViolations(checked);
      const found = violations.map((v) => `${v.id} (${v.impact}) on ${url} at ${viewport.width} px: ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
      expect(found, `axe on ${url} at ${viewport.width} px`).toEqual([]);
    }
  } finally {
    if (checked === page) await page.setViewportSize(shown);
  }
}
