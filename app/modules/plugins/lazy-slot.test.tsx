import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { coreContributions } from "~/modules/shell/core-contributions";
import { lazySlot } from "./lazy-slot";
import { createRegistry } from "./registry";

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

  it("fails its part of the page when its code cannot be loaded, for an error boundary to say so", async () => {
    const Slot = lazySlot<{ data: string }>(() => Promise.reject(new Error("chunk gone")));
    await expect(Slot.preload()).rejects.toThrow("chunk gone");
    expect(() => renderToString(<Slot data="x" />)).toThrow("chunk gone");
  });

  it("is loaded by name before the browser hydrates a page that shows it, and no other is", async () => {
    const loaded: string[] = [];
    const card = (id: string) => ({
      id,
      slot: "left" as const,
      order: 1,
      Component: lazySlot(async () => {
        loaded.push(id);
        return () => <p>{id}</p>;
      }),
    });
    const registry = createRegistry(coreContributions, [{ id: "probe", title: "Probe", description: "Cards", sidebarCards: [card("probe/shown"), card("probe/hidden")] }]);
    await registry.preloadSlots(["card:probe/shown", "feed:no-such-kind"]);
    expect(loaded).toEqual(["probe/shown"]);
  });

  it("waits for every slot's code before reporting one that failed, so hydration never starts with one still loading", async () => {
    let slowLoaded = false;
    const broken = { id: "probe/broken", slot: "left" as const, order: 1, Component: lazySlot(() => Promise.reject(new Error("chunk gone"))) };
    const slow = {
      id: "probe/slow",
      slot: "left" as const,
      order: 2,
      Component: lazySlot(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        slowLoaded = true;
        return () => <p>slow</p>;
      }),
    };
    const registry = createRegistry(coreContributions, [{ id: "probe", title: "Probe", description: "Cards", sidebarCards: [broken, slow] }]);
    await expect(registry.preloadSlots(["card:probe/broken", "card:probe/slow"])).rejects.toThrow("chunk gone");
    expect(slowLoaded).toBe(true);
  });

  it("are named by a page's loader data wherever they sit in it: a loaded card, a feed item's kind, a wall item's type", () => {
    const Component = lazySlot(async () => () => <p>probe</p>);
    const registry = createRegistry(coreContributions, [
      {
        id: "probe",
        title: "Probe",
        description: "Slots",
        sidebarCards: [{ id: "probe/card", slot: "left", order: 1, Component }, { id: "probe/unused", slot: "left", order: 2, Component }],
        feedItemKinds: { probeNote: { label: "Note", Component } },
        wallItemKinds: { PROBE_NOTE: { label: "Notes", Component } },
      },
    ]);
    const data = {
      sidebars: { left: [{ id: "probe/card", data: { items: [{ kind: "probeNote" }, { kind: "unknown" }] } }, { id: "probe/unused", failed: true }] },
      wall: { items: [{ itemType: "PROBE_NOTE" }, { itemType: "NOBODY_S" }], id: "not-a-card", data: null },
    };
    expect(registry.slotsIn(data).sort()).toEqual(["card:probe/card", "feed:probeNote", "wall:PROBE_NOTE"]);
    expect(registry.slotsIn(null)).toEqual([]);
  });
});
