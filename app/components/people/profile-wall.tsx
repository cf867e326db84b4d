import { Link } from "@remix-run/react";
import { LocalDate } from "~/components/local-date";
import type { PublishedItemView } from "~/modules/plugins/manifest";
import { SlotFrame } from "~/modules/plugins/lazy-slot";
import { useRegistry } from "~/modules/plugins/registry-context";
import { cn } from "~/utils/cn";

export interface WallData {
  filters: { itemType: string; label: string }[];
  only: string | null;
  items: (PublishedItemView & { itemType: string })[];
  next: number | null;
  counts: Record<string, number>;
}

/**
 * A profile's wall: the recognition items plugins publish to it, newest first,
 * 10 a page, with the spec's filter (View All, then each item type the
 * program's plugins publish). Each item is drawn by its plugin's renderer.
 */
export function ProfileWall({ wall }: { wall: WallData }) {
  const registry = useRegistry();
  if (wall.filters.length === 0) return null;
  const total = Object.values(wall.counts).reduce((sum, count) => sum + count, 0);
  const filter = (label: string, to: string, current: boolean) => (
    <li key={to}>
      <Link to={to} preventScrollReset aria-current={current ? "page" : undefined} className={cn("inline-block rounded-full px-3 py-1 text-sm", current ? "bg-brand text-brand-foreground" : "bg-slate-100 hover:bg-slate-200")}>
        {label}
      </Link>
    </li>
  );
  return (
    <section aria-labelledby="wall-title">
      <h2 id="wall-title" className="mb-2 font-semibold">
        Wall
      </h2>
      <nav aria-label="Wall filter">
        <ul className="mb-3 flex flex-wrap gap-2">
          {filter(`View All (${total})`, "?", wall.only === null)}
          {wall.filters.map(({ itemType, label }) => filter(`${label} (${wall.counts[itemType] ?? 0})`, `?wall=${itemType}`, wall.only === itemType))}
        </ul>
      </nav>
      {wall.items.length === 0 ? <p className="text-slate-700">Nothing here yet.</p> : null}
      <ul className="divide-y divide-slate-200">
        {wall.items.map((item) => {
          const Component = registry.wallItemKind(item.itemType)?.Component;
          return (
            <li key={item.id} className="py-3">
              {Component ? (
                <SlotFrame slot={`wall:${item.itemType}`}>
                  <Component item={item} />
                </SlotFrame>
              ) : null}
              <p className="text-xs text-slate-600">
                <LocalDate iso={item.created} />
              </p>
            </li>
          );
        })}
      </ul>
      {wall.next ? (
        <Link to={`?${wall.only ? `wall=${wall.only}&` : ""}before=${wall.next}`} className="mt-3 inline-block text-brand underline">
          Older items
        </Link>
      ) : null}
    </section>
  );
}
