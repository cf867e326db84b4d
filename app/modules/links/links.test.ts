import { describe, expect, it } from "vitest";
import { INVALID_LINK, isInternalLink, leavingPath, linkProblem, LOCAL_LINK, parseLink, videoEmbed } from "./links";
import { pageText, readPageMetadata } from "./page-metadata.server";

describe("a link someone typed", () => {
  it("is an http(s) address whose host has a top-level domain; https is assumed without a scheme", () => {
    expect(parseLink("example.com/news?id=4")?.href).toBe("https://example.com/news?id=4");
    expect(parseLink("  http://blog.example.co.uk/a  ")?.href).toBe("http://blog.example.co.uk/a");
    expect(parseLink("https://xn--80ak6aa92e.xn--p1ai/")?.hostname).toBe("xn--80ak6aa92e.xn--p1ai");
    expect(parseLink("https://Example.COM")?.hostname).toBe("example.com");
  });

  it("is refused when it is not one: no domain, an IP address, another scheme, credentials, spaces", () => {
    for (const typed of ["", "example", "localhost:3000", "http://10.0.0.1/admin", "http://[::1]/", "ftp://example.com", "javascript:alert(1)", "https://user:pw@example.com", "example .com", "https://exa_mple.com", "https://example.c"]) {
      expect(parseLink(typed), typed).toBeNull();
    }
    expect(parseLink(`example.com/${"a".repeat(2000)}`)).toBeNull();
  });

  it("says why it is refused: a private or local address is not previewed; anything else is not a web address", () => {
    for (const typed of ["localhost:3000", "http://10.0.0.1/admin", "192.168.1.10", "http://[::1]/", "intranet/wiki"]) expect(linkProblem(typed), typed).toBe(LOCAL_LINK);
    for (const typed of ["not a link", "ftp://", "https://example.c", ""]) expect(linkProblem(typed), typed).toBe(INVALID_LINK);
  });

  it("stays on the site only when its host is the site's own", () => {
    expect(isInternalLink(new URL("https://acme.example.com/feed"), "acme.example.com")).toBe(true);
    expect(isInternalLink(new URL("https://globex.example.com/feed"), "acme.example.com")).toBe(false);
    expect(leavingPath("https://news.example.org/a?b=1", "/feed?cursor=9")).toBe("/leaving?to=https%3A%2F%2Fnews.example.org%2Fa%3Fb%3D1&back=%2Ffeed%3Fcursor%3D9");
  });

  it("plays in place when it is a YouTube video (an 11-character id) or a Vimeo one", () => {
    const youTube = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";
    for (const typed of ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=4", "youtu.be/dQw4w9WgXcQ", "https://m.youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"]) {
      expect(videoEmbed(parseLink(typed)!), typed).toEqual({ provider: "YouTube", src: youTube });
    }
    expect(videoEmbed(parseLink("https://vimeo.com/76979871")!)).toEqual({ provider: "Vimeo", src: "https://player.vimeo.com/video/76979871" });
    for (const typed of ["https://www.youtube.com/watch?v=short", "https://www.youtube.com/channel/UC1234567890", "https://notyoutube.com/watch?v=dQw4w9WgXcQ", "https://vimeo.com/channels/staffpicks"]) {
      expect(videoEmbed(parseLink(typed)!), typed).toBeNull();
    }
  });
});

describe("a page's metadata", () => {
  const base = new URL("https://news.example.org/articles/1");

  it("comes from its Open Graph tags, whatever the order of their attributes, with entities decoded", () => {
    const html = `<!doctype html><html><head><title>Ignored</title>
      <meta content="Team wins &amp; celebrates" property="og:title">
      <meta property='og:description' content='A &quot;big&quot; day &#8211; really'>
      <meta property="og:site_name" content="Example News"><meta property="og:type" content="article">
      <meta property="og:image" content="/img/team.jpg"></head><body><meta property="og:title" content="Not in the head"></body></html>`;
    expect(readPageMetadata(html, base)).toEqual({
      title: "Team wins & celebrates",
      description: 'A "big" day – really',
      siteName: "Example News",
      type: "article",
      imageUrl: new URL("https://news.example.org/img/team.jpg"),
    });
  });

  it("falls back to Twitter cards, then the page's title and description; a picture that is not http(s) is dropped", () => {
    const html = `<head><title>  Quarterly
      results </title><meta name="description" content="Up 4%"><meta name="twitter:image" content="javascript:alert(1)"></head>`;
    expect(readPageMetadata(html, base)).toEqual({ title: "Quarterly results", description: "Up 4%", siteName: null, type: null, imageUrl: null });
    expect(readPageMetadata(`<meta name="twitter:title" content="Card title">`, base).title).toBe("Card title");
  });

  it("is cut to what a card shows", () => {
    const title = readPageMetadata(`<title>${"x".repeat(1000)}</title>`, base).title!;
    expect(title).toHaveLength(300);
    expect(title.endsWith("…")).toBe(true);
  });
});

describe("a page's text", () => {
  const latin1 = (html: string) => Buffer.from(html, "latin1");

  it("is read in the charset its answer named, else the one its <meta> names, else UTF-8", () => {
    expect(pageText(latin1("<title>Caf\xe9</title>"), "iso-8859-1")).toBe("<title>Café</title>");
    expect(pageText(latin1('<meta charset="windows-1251"><title>\xcf\xf0\xe8\xe2\xe5\xf2</title>'), null)).toContain("<title>Привет</title>");
    expect(pageText(latin1('<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"><title>Caf\xe9</title>'), null)).toContain("Café");
    expect(pageText(Buffer.from("<title>Café</title>"), null)).toBe("<title>Café</title>");
    expect(pageText(Buffer.from("<title>Café</title>"), "no-such-charset")).toBe("<title>Café</title>");
  });
});
