import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { renderDocument } from "./render-document.server";

function Broken(): JSX.Element {
  throw new Error("a card that cannot render");
}

describe("a document rendered whole", () => {
  it("is complete HTML with its doctype, and reports nothing when every part rendered", () => {
    const failures: string[] = [];
    const html = renderDocument(<html lang="en"><body><Suspense><p>card</p></Suspense></body></html>, () => failures.push("failed"));
    expect(html).toBe('<!DOCTYPE html><html lang="en"><body><!--$--><p>card</p><!--/$--></body></html>');
    expect(failures).toEqual([]);
  });

  it("keeps the rest of the page around a part that throws, and reports it once", () => {
    const failures: string[] = [];
    const html = renderDocument(
      <html lang="en"><body><Suspense><Broken /></Suspense><Suspense><Broken /></Suspense><p>the rest</p></body></html>,
      () => failures.push("failed"),
    );
    expect(html).toContain("<p>the rest</p>");
    expect(failures).toEqual(["failed"]);
  });

  it("holds the page's modules until the first paint, and leaves every other link and script as rendered", () => {
    const html = renderDocument(
      <html lang="en">
        <head>
          <link rel="stylesheet" href="/app.css" />
        </head>
        <body>
          <p>{'<link rel="modulepreload" href="/typed.js"/>'}</p>
          <script nonce="n0nce+/=" dangerouslySetInnerHTML={{ __html: "window.__remixContext = {};" }} />
          <link rel="modulepreload" href="/build/entry.client.js" />
          <link rel="modulepreload" href="/build/root.js" />
          <link rel="modulepreload" href="/build/_shared/chunk-A1.js" />
          <script nonce="n0nce+/=" type="module" async dangerouslySetInnerHTML={{ __html: 'import * as route0 from "/build/root.js";' }} />
        </body>
      </html>,
      () => {},
    );
    expect(html).toContain('<link rel="stylesheet" href="/app.css"/>');
    expect(html).toContain("<p>&lt;link rel=&quot;modulepreload&quot; href=&quot;/typed.js&quot;/&gt;</p>");
    expect(html).toContain('<script nonce="n0nce+/=">window.__remixContext = {};</script>');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain(' type="module"');
    // Each preload stays an element (hydration matches it) with nothing to fetch; their paths go on the script that asks after the first paint.
    expect(html).toContain('</script><link/><link/><link/><script nonce="n0nce+/=" type="held-module"');
    expect(html).toMatch(
      /<script nonce="n0nce\+\/=" type="held-module" async="">import \* as route0 from "\/build\/root.js";<\/script><script nonce="n0nce\+\/=" data-base="\/build\/" data-held="entry.client.js root.js _shared\/chunk-A1.js">\(\(\)=>\{.+\}\)\(\)<\/script><\/body>/,
    );
  });

  it("writes the held paths after the directory they share, wherever the build is served from", () => {
    const held = (hrefs: string[]) =>
      /data-base="([^"]*)" data-held="([^"]*)"/.exec(
        renderDocument(
          <html lang="en">
            <body>
              {hrefs.map((href) => <link key={href} rel="modulepreload" href={href} />)}
              <script nonce="n" type="module" async dangerouslySetInnerHTML={{ __html: "" }} />
            </body>
          </html>,
          () => {},
        ),
      )!.slice(1);
    expect(held(["https://cdn.example/b/root.js", "https://cdn.example/b/_shared/c.js"])).toEqual(["https://cdn.example/b/", "root.js _shared/c.js"]);
    expect(held(["/build/_shared/a.js", "/build/_shared/ab.js"])).toEqual(["/build/_shared/", "a.js ab.js"]);
    expect(held(["/build/entry.js", "https://cdn.example/x.js"])).toEqual(["", "/build/entry.js https://cdn.example/x.js"]);
    expect(held([])).toEqual(["", ""]);
  });

  it("leaves a document without Remix's hydration module as rendered", () => {
    const html = renderDocument(<html lang="en"><body><link rel="modulepreload" href="/a.js" /></body></html>, () => {});
    expect(html).toBe('<!DOCTYPE html><html lang="en"><body><link rel="modulepreload" href="/a.js"/></body></html>');
  });
});
