import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { StorefrontStep } from "../components/storefront-step";
import { requireShopper, spendValue, storesFor } from "../shop.server";
import { SHOP_FAILED } from "../stores";

export const meta: MetaFunction = () => [{ title: "Shop" }];

/** Page 3, Choose where to redeem: the stores the program has on (with no award to redeem, the storefront starts here). */
export async function loader(args: LoaderFunctionArgs) {
  const { viewer, points } = await requireShopper(args);
  const stores = storesFor(args, viewer).map(({ id, label, description, href, newTab }) => ({ id, label, description, href, newTab: newTab ?? false }));
  return json({ wallet: { points, spend: spendValue(args, points) }, stores });
}

export default function ChooseStorePage() {
  const { wallet, stores } = useLoaderData<typeof loader>();
  return (
    <StorefrontStep title="Choose where to redeem" wallet={wallet}>
      {stores.length === 0 ? (
        <p role="alert" className="text-red-700">
          {SHOP_FAILED}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {stores.map((store) => (
            <li key={store.id}>
              <Card className="flex h-full flex-col gap-2">
                <h2 className="text-lg font-semibold">
                  <Link to={store.href} target={store.newTab ? "_blank" : undefined} rel={store.newTab ? "noopener" : undefined} className="text-brand underline">
                    {store.label}
                  </Link>
                </h2>
                <p className="text-sm text-slate-700">{store.description}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </StorefrontStep>
  );
}
