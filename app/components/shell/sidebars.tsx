import type { ReactNode } from "react";
import { SlotFrame } from "~/modules/plugins/lazy-slot";
import { useRegistry } from "~/modules/plugins/registry-context";
import type { LoadedCard, Sidebars } from "~/modules/shell/sidebars.server";
import { CardBoundary, CardUnavailable } from "./card-boundary";

/** Cards in order, each from its loaded data (a section of a page, or a sidebar). */
export function Cards({ cards }: { cards: LoadedCard[] }) {
  const registry = useRegistry();
  return (
    <>
      {cards.map((card) => {
        const Component = registry.cardComponent(card.id);
        if (!Component) return null;
        return (
          <div key={card.id} data-card={card.id}>
            {"failed" in card ? (
              <CardUnavailable />
            ) : (
              <CardBoundary>
                <SlotFrame slot={`card:${card.id}`}>
                  <Component data={card.data} />
                </SlotFrame>
              </CardBoundary>
            )}
          </div>
        );
      })}
    </>
  );
}

/** The home layout: left sidebar, centre (its cards, then `children`), right sidebar (stacked below 1024 px). */
export function SidebarLayout({ sidebars, children }: { sidebars: Sidebars; children: ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)_18rem]">
      <aside aria-label="Profile" className="flex flex-col gap-4">
        <Cards cards={sidebars.left} />
      </aside>
      <div className="flex min-w-0 flex-col gap-4">
        <Cards cards={sidebars.main} />
        {children}
      </div>
      <aside aria-label="More" className="flex flex-col gap-4">
        <Cards cards={sidebars.right} />
      </aside>
    </div>
  );
}
