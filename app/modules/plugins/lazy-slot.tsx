import type { ComponentType } from "react";

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
 * keeps the server's HTML until the chunk arrives.
 */
export function lazySlot<Props extends object>(load: () => Promise<ComponentType<Props>>): LazySlot<Props> {
  let Loaded: ComponentType<Props> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then((component) => {
      Loaded = component;
    }));
  const Slot = ((props: Props) => {
    if (!Loaded) throw preload();
    return <Loaded {...props} />;
  }) as LazySlot<Props>;
  Slot.preload = preload;
  return Slot;
}
