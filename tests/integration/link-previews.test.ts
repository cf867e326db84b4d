import { http, HttpResponse } from "msw";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { isPublicAddress, type Resolve } from "~/modules/links/guarded-fetch.server";
import { findLinkPreview, previewLink, type LinkPreviewDeps } from "~/modules/links/link-previews.server";
import { parseLink } from "~/modules/links/links";
import { PREVIEW_LIMIT } from "~/modules/links/preview-limiter.server";
import { ActionLimiter, TooManyActions } from "~/modules/limits/action-limiter.server";
import { server } from "../mocks/server";
import { createTestApp, tenantOf, type TestApp } from "../setup/test-app";

/** The addresses the test's hosts resolve to: public ones, a private one, and one with a loopback address among public ones. */
const ADDRESSES: Record<string, string[]> = {
  "news.example.org": ["93.184.215.14"],
  "cdn.example.org": ["2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
  "intranet.example.org": ["10.1.2.3"],
  "sneaky.example.org": ["93.184.215.16", "127.0.0.1"],
  "v6.example.org": ["fd00::5"],
  "v4compat.example.org": ["::7f00:1"],
};
const resolveHost: Resolve = async (host) => ADDRESSES[host] ?? [];

let testApp: TestApp;
let acme: ProgramDb;
let globex: ProgramDb;
let deps: LinkPreviewDeps;
let employeeId: number;
const asked: string[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ resolveHost });
  acme = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
  globex = testApp.app.database.forProgram(tenantOf(testApp.app, "globex").programId);
  deps = { storage: testApp.app.storage, log: testApp.app.log, limits: new ActionLimiter(null), resolve: resolveHost };
  employeeId = (await acme.selectFrom("employee").select("id").where("login_id", "=", "employee").executeTakeFirstOrThrow()).id;
});
afterAll(() => testApp.close());

const page = (head: string) => new HttpResponse(`<!doctype html><html><head>${head}</head><body>…</body></html>`, { headers: { "Content-Type": "text/html; charset=utf-8" } });

function mockSites() {
  asked.length = 0;
  server.events.on("request:start", ({ request }) => void asked.push(request.url));
  server.use(
    http.get("https://news.example.org/story", () =>
      page(`<meta property="og:title" content="Acme wins the award"><meta property="og:description" content="A great year."><meta property="og:site_name" content="Example News"><meta property="og:type" content="article"><meta property="og:image" content="https://cdn.example.org/team.png">`),
    ),
    http.get("https://cdn.example.org/team.png", async () =>
      new HttpResponse(await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#336699" } }).png().toBuffer(), { headers: { "Content-Type": "image/png" } }),
    ),
    http.get("https://news.example.org/moved", () => new HttpResponse(null, { status: 302, headers: { Location: "https://intranet.example.org/secret" } })),
    http.get("https://news.example.org/pdf", () => new HttpResponse("%PDF-1.7", { headers: { "Content-Type": "application/pdf" } })),
    http.get("https://news.example.org/gone", () => new HttpResponse("Not here", { status: 404, headers: { "Content-Type": "text/html" } })),
    http.get("https://news.example.org/huge", () => page(`<title>Long read</title>${"<!-- padding -->".repeat(80_000)}`)),
    http.get("https://intranet.example.org/*", () => page("<title>Internal payroll</title>")),
    http.get("https://sneaky.example.org/*", () => page("<title>Rebound</title>")),
    http.get("https://v6.example.org/*", () => page("<title>Private v6</title>")),
    http.get("https://v4compat.example.org/*", () => page("<title>IPv4-compatible</title>")),
    http.get("https://news.example.org/to", ({ request }) => new HttpResponse(null, { status: 302, headers: { Location: new URL(request.url).searchParams.get("location")! } })),
  );
}

async function preview(typed: string, db = acme, siteHost = "acme.localhost") {
  mockSites();
  const id = await previewLink(deps, db, parseLink(typed)!, employeeId);
  server.events.removeAllListeners();
  return { id, preview: await findLinkPreview(db, id, siteHost) };
}

describe("a link's preview", () => {
  it("comes from the page's Open Graph tags, its picture stored as one of the program's assets", async () => {
    const { id, preview: card } = await preview("news.example.org/story");
    expect(card).toMatchObject({ url: "https://news.example.org/story", host: "news.example.org", title: "Acme wins the award", description: "A great year.", siteName: "Example News", type: "article", embed: null, internal: false });
    expect(card!.image).toMatchObject({ width: 1000, height: 563 });
    const picture = await acme.selectFrom("link_preview").innerJoin("asset", "asset.id", "link_preview.image_asset_id").select(["asset.kind", "asset.content_type"]).where("link_preview.id", "=", id).executeTakeFirstOrThrow();
    expect(picture).toEqual({ kind: "image", content_type: "image/jpeg" });
  });

  it("is fetched once a day: the same link again is the same preview, with no request", async () => {
    const first = await preview("https://news.example.org/story");
    mockSites();
    const again = await previewLink(deps, acme, parseLink("https://news.example.org/story")!, employeeId);
    expect(again).toBe(first.id);
    expect(asked).toEqual([]);
    server.events.removeAllListeners();
  });

  it("belongs to its program: another program fetches its own and cannot read this one", async () => {
    const { id } = await preview("https://news.example.org/story");
    expect(await findLinkPreview(globex, id, "globex.localhost")).toBeNull();
    const theirs = await preview("https://news.example.org/story", globex, "globex.localhost");
    expect(theirs.id).not.toBe(id);
    expect(theirs.preview!.title).toBe("Acme wins the award");
  });

  it("never reaches a private or loopback address, directly, through a redirect, or among public ones; the link is kept, plainly", async () => {
    const typedLinks = ["https://intranet.example.org/secret", "https://news.example.org/moved", "https://sneaky.example.org/x", "https://v6.example.org/x", "https://v4compat.example.org/x"];
    // A redirect to an address, not a name, is refused at once, even a public one; the first link could not be one.
    for (const location of ["http://[::127.0.0.1]/", "http://[fec0::1]/", "http://93.184.215.14/", "http://[::ffff:7f00:1]/"]) {
      typedLinks.push(`https://news.example.org/to?${new URLSearchParams({ location })}`);
    }
    for (const typed of typedLinks) {
      const { preview: card } = await preview(typed);
      expect(card, typed).toMatchObject({ url: new URL(typed).href, title: null, description: null, image: null });
      expect(asked.filter((url) => !url.startsWith("https://news.example.org/")), typed).toEqual([]);
    }
  });

  it("is plain for what is not a readable web page, and read from the head of a page too long to read whole", async () => {
    expect((await preview("https://news.example.org/pdf")).preview).toMatchObject({ title: null, image: null });
    expect((await preview("https://news.example.org/gone")).preview).toMatchObject({ title: null, image: null });
    expect((await preview("https://news.example.org/huge")).preview).toMatchObject({ title: "Long read" });
  });

  it("plays a video link in place, and a link to the site itself needs no warning", async () => {
    expect((await preview("https://youtu.be/dQw4w9WgXcQ")).preview!.embed).toEqual({ provider: "YouTube", src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" });
    ADDRESSES["acme.example.com"] = ["93.184.215.20"];
    server.use(http.get("https://acme.example.com/feed", () => page("<title>Feed</title>")));
    expect((await preview("https://acme.example.com/feed", acme, "acme.example.com")).preview!.internal).toBe(true);
  });
});

describe("the fetches one person asks for", () => {
  it("are limited: past the allowance a new link is refused, a link previewed in the last day still costs nothing", async () => {
    const limited = { ...deps, limits: new ActionLimiter(null) };
    mockSites();
    server.use(http.get("https://news.example.org/page/:n", () => page("<title>Page</title>")));
    for (let n = 0; n < PREVIEW_LIMIT.windows[0].points; n++) await previewLink(limited, acme, parseLink(`https://news.example.org/page/${n}`)!, employeeId);
    const refused = previewLink(limited, acme, parseLink("https://news.example.org/page/next")!, employeeId);
    await expect(refused).rejects.toBeInstanceOf(TooManyActions);
    await expect(previewLink(limited, acme, parseLink("https://news.example.org/page/0")!, employeeId)).resolves.toBeGreaterThan(0);
    server.events.removeAllListeners();
  });
});

describe("a public address", () => {
  it("is none of the private, loopback, link-local, shared, documentation or multicast ranges, in IPv4 or IPv6", () => {
    for (const address of ["93.184.215.14", "8.8.8.8", "2606:4700::1111"]) expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "10.0.0.1", "172.16.5.4", "192.168.1.1", "127.0.0.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "240.0.0.1", "198.18.0.1",
      "::1", "::", "fe80::1", "fd12::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "64:ff9b::a00:1", "2002:a00:1::", "2001:db8::1", "2001::1",
      // IPv4-compatible (::/96, as ::127.0.0.1 is written once parsed) and site-local fec0::/10.
      "::7f00:1", "::127.0.0.1", "::a00:1", "fec0::1", "4000::1", "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
