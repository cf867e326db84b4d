import { Link } from "@remix-run/react";
import { Card } from "~/components/ui/card";

/** A store as page 3 offers it: where it opens for this shopper (points, or the award chosen). */
export interface StoreChoice {
  id: string;
  label: string;
  description: string;
  href: string;
  newTab: boolean;
}

/** Page 3's stores; one that opens outside the app opens in a new tab. */
export function StoreList({ stores }: { stores: readonly StoreChoice[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {stores.map((store) => (
        <li key={store.id}>
          <Card className="flex h-full flex-col gap-2">
            <h2 className="text-lg font-semibold">
              <Link to={store.href} target={store.newTab ? "_blank" : undefined} rel={store.newTab ? "noopener" : undefined} className="text-brand underline">
                {store.label}
                {store.newTab ? <span className="sr-only"> (opens in a new tab)</span> : null}
              </Link>
            </h2>
            <p className="text-sm text-slate-700">{store.description}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
