import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Button } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import { CategoryIcon } from "../components/category-icon";
import { StorefrontStep } from "../components/storefront-step";
import { amountsOf, categories, isCategory, type Amounts, type Category } from "../gift-cards/catalogue";
import { formatMoney } from "../pricing";
import { requireGiftCardShopper, spendValue } from "../shop.server";

export const meta: MetaFunction = () => [{ title: "Digital Gift Card" }];

/** The amounts a brand allows, as one line ("$10, $25 or $50"; "$5 to $500"). */
function amountLine(amounts: Amounts[]) {
  const fixed = amounts.flatMap((a) => ("fixed" in a ? [formatMoney(a.fixed, a.currency)] : []));
  const ranges = amounts.flatMap((a) => ("min" in a ? [`${formatMoney(a.min, a.currency)} to ${formatMoney(a.max, a.currency)}`] : []));
  const fixedLine = fixed.length > 1 ? `${fixed.slice(0, -1).join(", ")} or ${fixed.at(-1)}` : (fixed[0] ?? "");
  return [fixedLine, ...ranges].filter(Boolean).join("; ");
}

/** The gift-card catalogue (before page 4): brands by category, searchable, with the amounts each allows. */
export async function loader(args: LoaderFunctionArgs) {
  const { points, catalogue } = await requireGiftCardShopper(args);
  const url = new URL(args.request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 80);
  const wanted = url.searchParams.get("category") ?? "";
  const category: Category | null = isCategory(wanted) ? wanted : null;
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const brands = catalogue.brands
    .filter((brand) => !category || brand.categories.includes(category))
    .filter((brand) => words.every((word) => `${brand.name} ${brand.description}`.toLowerCase().includes(word)))
    .map((brand) => ({ key: brand.key, name: brand.name, imageUrl: brand.imageUrl, amounts: amountLine(amountsOf(brand)) }));
  return json({ wallet: { points, spend: spendValue(args, points) }, brands, query, category, total: catalogue.brands.length });
}

export default function GiftCardCataloguePage() {
  const { wallet, brands, query, category, total } = useLoaderData<typeof loader>();
  const filtered = Boolean(query || category);
  return (
    <StorefrontStep title="Digital Gift Card" wallet={wallet} back={{ to: "/storefront", label: "Back to the stores" }}>
      <nav aria-label="Categories">
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {Object.entries(categories).map(([id, label]) => (
            <li key={id}>
              <Link
                to={category === id ? "?" : `?category=${id}`}
                aria-current={category === id ? "page" : undefined}
                className={cn(
                  "flex items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium",
                  category === id ? "border-brand bg-brand text-brand-foreground" : "border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
                )}
              >
                <CategoryIcon category={id as Category} />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        {category ? <input type="hidden" name="category" value={category} /> : null}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="brand-search">Search brands</Label>
          <Input id="brand-search" name="q" type="search" defaultValue={query} maxLength={80} />
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
        {filtered ? (
          <Link to="?" className="self-center text-sm text-brand underline">
            Show all {total} brands
          </Link>
        ) : null}
      </Form>
      {brands.length === 0 ? (
        <p>No brands match. Try another word or category.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label="Brands">
          {brands.map((brand) => (
            <li key={brand.key}>
              <Link to={brand.key} className="flex h-full flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm hover:border-brand">
                <img src={brand.imageUrl} alt="" width={326} height={200} loading="lazy" className="aspect-[326/200] h-auto w-full rounded-md object-cover" />
                <span className="font-semibold text-slate-900">{brand.name}</span>
                <span className="text-sm text-slate-700">{brand.amounts}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </StorefrontStep>
  );
}
