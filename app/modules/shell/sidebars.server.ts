import { programDb, type GuardArgs } from "~/modules/auth/guards.server";
import type { Viewer } from "~/modules/auth/viewer";
import type { SidebarSlot } from "~/modules/plugins/manifest";

export interface LoadedCard {
  id: string;
  /** Whatever the card's load returned (absent when it has none). */
  data?: unknown;
}

export type Sidebars = Record<SidebarSlot, LoadedCard[]>;

/** Runs the data function of every card the viewer may see, both slots at once. */
export async function loadSidebars(args: GuardArgs, viewer: Viewer): Promise<Sidebars> {
  const { registry } = args.context.app;
  const db = programDb(args.context);
  const load = (slot: SidebarSlot) =>
    Promise.all(
      registry.cards(viewer, slot).map(async (card) => ({
        id: card.id,
        data: (await registry.cardData(card.id)?.({ viewer, db, request: args.request })) ?? null,
      })),
    );
  const [left, right] = await Promise.all([load("left"), load("right")]);
  return { left, right };
}
