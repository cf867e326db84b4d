import { Suspense, type ComponentType, type ReactNode } from "react";

/** A slot component whose code loads on demand: a page ships only the UI of the cards it shows. */
export interface LazySlot<Props> {
  (props: Props): JSX.Element;
  /** Loads the code; the server calls it at start-up so it never waits while rendering. */
  preload(): Promise<void>;
}

/**
 * Wraps `load` (a dynamic import) as a component. Until the code is there it
 * suspends: on the server that never happens (start-up preloads every slot, so
 * the HTML is complete, with or without JavaScript); in the browser, hydration
 * keeps the server's HTML until the chunk arrives (the browser loads the chunks of the slots
 * a page shows before it hydrates: see SlotFrame).
 */
export function lazySlot<Props extends object>(load: () => Promise<ComponentType<Props>>): LazySlot<Props> {
  let Loaded: ComponentType<Props> | null = null;
  let failure: unknown = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        failure = error;
        throw error;
      },
    ));
  const Slot = ((props: Props) => {
    // Code that could not be loaded fails this part of the page, for its error boundary to say so.
    if (failure) throw failure;
    if (!Loaded) throw preload();
    return <Loaded {...props} />;
  }) as LazySlot<Props>;
  Slot.preload = preload;
  return Slot;
}

/** Names a lazy slot in the page: a card's id, a feed item's kind, a wall item's type. */
export type SlotName = `card:${string}` | `feed:${string}` | `wall:${string}`;

/**
 * Where a lazy slot component renders: a Suspense boundary, marked with the slot's name so
 * that the browser loads the code of every slot the server's HTML shows before it hydrates
 * (entry.client). A boundary still waiting for its code during hydration is dropped and
 * rendered afresh by the first update that reaches it (React's error #421), losing whatever
 * was typed or clicked in it meanwhile.
 */
export function SlotFrame({ slot, children }: { slot: SlotName; children: ReactNode }) {
  return (
    <div data-slot={slot} className="contents">
      <Suspense>{children}</Suspense>
    </div>
  );
}

/** The names of the slots a page's HTML shows (its SlotFrames). */
export function shownSlots(page: ParentNode) {
  return [...page.querySelectorAll("[data-slot]")].map((element) => element.getAttribute("data-slot") as SlotName);
}
