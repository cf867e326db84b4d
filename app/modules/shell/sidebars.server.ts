import { type GuardArgs } from "~/modules/auth/guards.server";
import type { Viewer } from "~/modules/auth/viewer";
import { isOutage } from "~/modules/http/outage";
import type { SidebarSlot } from "~/modules/plugins/manifest";

/** A card with what its data function returned, or marked failed when that threw (logged; the card shows its error state). */
export type LoadedCard = { id: string; data?: unknown } | { id: string; failed: true };

export type Sidebars = Record<SidebarSlot, LoadedCard[]>;

/** Runs the data function of every card the viewer may see, every slot at once. */
export async function loadSidebars(args: GuardArgs, viewer: Viewer): Promise<Sidebars> {
  const { registry } = args.context.app;
  const db = args.context.db;
  const load = (slot: SidebarSlot) =>
    Promise.all(
      registry.cards(viewer, slot).map(async (card): Promise<LoadedCard> => {
        try {
          return { id: card.id, data: (await registry.cardData(card.id)?.({ viewer, db, request: args.request, registry, app: args.context.app })) ?? null };
        } catch (error) {
          // One failing card must not take down the page; an outage, though, is the whole page's (the maintenance page).
          if (isOutage(error)) throw error;
          args.context.log.error({ event: "card_failed", card: card.id, err: error }, "a sidebar card's data could not be loaded");
          return { id: card.id, failed: true };
        }
      }),
    );
  const [left, main, right] = await Promise.all([load("left"), load("main"), load("right")]);
  return { left, main, right };
}
