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
});
