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

  it("preloads the page's modules at low priority, and leaves every other link as rendered", () => {
    const html = renderDocument(
      <html lang="en">
        <head>
          <link rel="stylesheet" href="/app.css" />
        </head>
        <body>
          <link rel="modulepreload" href="/build/entry.client.js" />
          <link rel="modulepreload" href="/build/root.js" />
          <p>{'<link rel="modulepreload" href="/typed.js"/>'}</p>
        </body>
      </html>,
      () => {},
    );
    expect(html).toContain('<link rel="stylesheet" href="/app.css"/>');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" href="/build/entry.client.js"/>');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" href="/build/root.js"/>');
    expect(html).toContain("<p>&lt;link rel=&quot;modulepreload&quot; href=&quot;/typed.js&quot;/&gt;</p>");
  });
});
