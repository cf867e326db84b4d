import { type GuardArgs } from "~/modules/auth/guards.server";
import type { Viewer } from "~/modules/auth/viewer";
import { isOutage } from "~/modules/http/outage";
import type { CardLoadArgs, SidebarSlot } from "~/modules/plugins/manifest";

/** A card with what its data function returned, or marked failed when that threw (logged; the card shows its error state). */
export type LoadedCard = { id: string; data?: unknown } | { id: string; failed: true };

export type Sidebars = Record<"left" | "main" | "right", LoadedCard[]>;

/** Runs the data function of every card of `slot` the viewer may see. */
export function loadCards(args: GuardArgs & { params?: CardLoadArgs["params"] }, viewer: Viewer, slot: SidebarSlot) {
  const { registry } = args.context.app;
  const db = args.context.db;
  const loadArgs: CardLoadArgs = { viewer, db, request: args.request, params: args.params ?? {}, registry, app: args.context.app };
  return Promise.all(
    registry.cards(viewer, slot).map(async (card): Promise<LoadedCard> => {
      try {
        return { id: card.id, data: (await registry.cardData(card.id)?.(loadArgs)) ?? null };
      } catch (error) {
        // One failing card must not take down the page; an outage, though, is the whole page's (the maintenance page).
        if (isOutage(error)) throw error;
        args.context.log.error({ event: "card_failed", card: card.id, err: error }, "a sidebar card's data could not be loaded");
        return { id: card.id, failed: true };
      }
    }),
  );
}

/** The home page's cards, every sidebar at once. */
export async function loadSidebars(args: GuardArgs, viewer: Viewer): Promise<Sidebars> {
  const [left, main, right] = await Promise.all([loadCards(args, viewer, "left"), loadCards(args, viewer, "main"), loadCards(args, viewer, "right")]);
  return { left, main, right };
}
