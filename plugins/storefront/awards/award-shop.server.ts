import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { refuseToFeed, requireViewer } from "~/modules/auth/guards.server";
import type { GiftCardBrand } from "../gift-cards/catalogue";
import { INVALID_EMAIL } from "../order-form.server";
import { openGiftCardStore } from "../shop.server";
import { SHOP_FAILED } from "../stores";
import { openAwardsOf } from "./awards.server";

/** The spec's rule for /service-award-redemption/{id}: the viewer's open award of that id, else the feed. */
export async function requireOpenAward(args: LoaderFunctionArgs, param: string) {
  const viewer = await requireViewer(args);
  const award = (await openAwardsOf(args.context.db, viewer.employee.id)).find((candidate) => String(candidate.id) === args.params[param]);
  if (!award) throw redirect("/feed");
  return { viewer, award };
}

/** The brand's card for exactly `cents` of `currency`: one of that face value, or a range that holds it. */
export function itemForAward(brand: GiftCardBrand, cents: number, currency: string) {
  return brand.items.find(
    (item) => item.currency === currency && (item.valueType === "FIXED_VALUE" ? item.faceValue === cents : item.minValue <= cents && cents <= item.maxValue),
  );
}

/**
 * Page 5B's shopper: the owner of an open award with a value, in a program with digital gift
 * cards on, and the brands that sell a card of exactly the award's value in the program's
 * currency. A zero-value award, or a store that cannot open, is the spec's 'Failed to open the shop.'
 */
export async function requireAwardShopper(args: LoaderFunctionArgs) {
  const { viewer, award } = await requireOpenAward(args, "awardId");
  if (award.valueCents === 0 || award.hideShopButton) await refuseToFeed(args, SHOP_FAILED);
  const { provider, catalogue } = await openGiftCardStore(args, viewer);
  const currency = args.context.tenant.config.points.currency;
  const brands = catalogue.brands.filter((brand) => itemForAward(brand, award.valueCents, currency));
  return { viewer, award, currency, provider, brands };
}

/** Page 5B's form: a brand that sells the award's value, where the card goes, and the form's order key. */
export function awardOrderSchema(brands: readonly GiftCardBrand[]) {
  const keys = brands.map((brand) => brand.key);
  return z.object({
    brand: z.string({ error: "Choose a gift card" }).refine((key) => keys.includes(key), "Choose a gift card"),
    email: z.email({ error: INVALID_EMAIL }).max(254, INVALID_EMAIL),
    orderKey: z.uuid({ error: "This order form has expired: start again" }),
  });
}
