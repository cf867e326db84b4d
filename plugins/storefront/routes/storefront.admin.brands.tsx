import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { refuseToFeed, requireProgramManager } from "~/modules/auth/guards.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { brandsOff, setBrandsOff } from "../brands.server";
import { giftCardProviderFor } from "../gift-cards/providers.server";
import { SHOP_FAILED } from "../stores";

export const meta: MetaFunction = () => [{ title: "Gift card brands" }];

/** The provider's whole catalogue, for a program manager choosing what the program offers. */
async function fullCatalogue(args: LoaderFunctionArgs) {
  await requireProgramManager(args);
  try {
    return await giftCardProviderFor(args.context.tenant).catalogue();
  } catch (error) {
    args.context.log.error({ event: "storefront_catalogue_failed", err: error }, "gift card catalogue failed");
    return refuseToFeed(args, SHOP_FAILED);
  }
}

export async function loader(args: LoaderFunctionArgs) {
  const catalogue = await fullCatalogue(args);
  const off = new Set(await brandsOff(args.context.db));
  return json({ brands: catalogue.brands.map((brand) => ({ key: brand.key, name: brand.name, imageUrl: brand.imageUrl, offered: !off.has(brand.key) })) });
}

/** Saves which brands are offered: every brand of the catalogue not ticked is switched off. */
export async function action(args: ActionFunctionArgs) {
  const catalogue = await fullCatalogue(args);
  const offered = new Set((await args.request.formData()).getAll("offered").map(String));
  const off = catalogue.brands.map((brand) => brand.key).filter((key) => !offered.has(key));
  await setBrandsOff(args.context.db, off);
  args.context.log.info({ event: "storefront_brands_saved", off: off.length }, "gift card brands saved");
  return redirectWithToast(args, "/storefront/admin/brands", { type: "success", message: `Saved: ${catalogue.brands.length - off.length} of ${catalogue.brands.length} brands are offered.` });
}

export default function AdminBrandsPage() {
  const { brands } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Gift card brands</h1>
      <p className="text-slate-700">Employees see the ticked brands in the Digital Gift Card store. New brands from the provider are offered until switched off.</p>
      <Card>
        <Form method="post" className="flex flex-col gap-4">
          <fieldset>
            <legend className="sr-only">Brands offered</legend>
            <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {brands.map((brand) => (
                <li key={brand.key}>
                  <label className="flex items-center gap-3 rounded-md border border-slate-200 p-2">
                    <input type="checkbox" name="offered" value={brand.key} defaultChecked={brand.offered} className="h-4 w-4 accent-brand" />
                    <img src={brand.imageUrl} alt="" width={64} height={40} loading="lazy" className="h-10 w-16 rounded object-cover" />
                    {brand.name}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div>
            <Button type="submit" disabled={busy}>
              Save brands
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
