import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazySlot } from "./lazy-slot";

describe("a lazy slot component", () => {
  it("loads its code only when asked, and renders complete HTML once preloaded", async () => {
    let loads = 0;
    const Slot = lazySlot(async () => {
      loads++;
      return ({ data }: { data: string }) => <p>card: {data}</p>;
    });
    expect(loads).toBe(0);
    // Not loaded yet: it suspends, so a server render would show the boundary's fallback, not the card.
    expect(renderToString(<Suspense fallback={<i>wait</i>}><Slot data="x" /></Suspense>)).toContain("wait");
    await Slot.preload();
    await Slot.preload();
    expect(loads).toBe(1);
    expect(renderToString(<Suspense fallback={<i>wait</i>}><Slot data="x" /></Suspense>)).toContain("card: <!-- -->x");
  });
});
