import { z } from "zod";
import { formatPoints } from "~/modules/points/accounts";
import type { GiftCardBrand, GiftCardItem } from "./gift-cards/catalogue";
import { minimumOf } from "./gift-cards/catalogue";
import { formatMoney, parseAmount, pointsFor, spendableCents, type Rate } from "./pricing";

/** The spec's message for a delivery e-mail that is not an address. */
export const INVALID_EMAIL = "Enter valid email address";

export interface PricedCard {
  item: GiftCardItem;
  amountCents: number;
  points: number;
}

type Priced = { ok: true; card: PricedCard } | { ok: false; error: string };

/** The item of `brand` that sells `cents`: the fixed one of that face value, or a range holding it. */
function itemFor(brand: GiftCardBrand, cents: number) {
  return (
    brand.items.find((item) => item.valueType === "FIXED_VALUE" && item.faceValue === cents) ??
    brand.items.find((item) => item.valueType === "VARIABLE_VALUE" && item.minValue <= cents && cents <= item.maxValue)
  );
}

/**
 * Section 5's rules for a gift card's amount: more than 0, at least the item's minimum (and
 * within its range, or one of its face values), and its points (amount ÷ fx ÷ point value,
 * rounded up) no more than the shopper has.
 */
export function priceCard(brand: GiftCardBrand, text: string, rateOf: (currency: string) => Rate | null, available: number): Priced {
  const cents = parseAmount(text);
  if (cents === null) return { ok: false, error: "Enter an amount, like 25.00" };
  if (cents <= 0) return { ok: false, error: "Enter an amount greater than 0" };
  const item = itemFor(brand, cents);
  if (!item) {
    const currency = brand.items[0]!.currency;
    const least = Math.min(...brand.items.map(minimumOf));
    if (cents < least) return { ok: false, error: `The least you can order is ${formatMoney(least, currency)}` };
    const most = Math.max(...brand.items.map((i) => (i.valueType === "FIXED_VALUE" ? i.faceValue : i.maxValue)));
    if (cents > most) return { ok: false, error: `The most you can order is ${formatMoney(most, currency)}` };
    return { ok: false, error: "Choose one of the amounts shown" };
  }
  const rate = rateOf(item.currency);
  if (!rate) return { ok: false, error: `${brand.name} cards cannot be bought with points just now` };
  const points = pointsFor(cents, rate);
  if (points > available) {
    return { ok: false, error: `That takes ${formatPoints(points)} points; you have ${formatPoints(available)}, enough for ${formatMoney(spendableCents(available, rate), item.currency)}` };
  }
  return { ok: true, card: { item, amountCents: cents, points } };
}

/** A form field holding an amount, checked against the brand and the shopper's points. */
function amountField(brand: GiftCardBrand, rateOf: (currency: string) => Rate | null, available: number) {
  return z.string({ error: "Enter an amount, like 25.00" }).transform((text, ctx) => {
    const priced = priceCard(brand, text, rateOf, available);
    if (priced.ok) return priced.card;
    ctx.addIssue({ code: "custom", message: priced.error });
    return z.NEVER;
  });
}

/** Page 4, Select Amount. */
export function amountSchema(brand: GiftCardBrand, rateOf: (currency: string) => Rate | null, available: number) {
  return z.object({ amount: amountField(brand, rateOf, available) });
}

/** Page 5A, the delivery e-mail: the amount again (points may have changed since), the address, and the form's order key. */
export function deliverySchema(brand: GiftCardBrand, rateOf: (currency: string) => Rate | null, available: number) {
  return z.object({
    amount: amountField(brand, rateOf, available),
    email: z.email({ error: INVALID_EMAIL }).max(254, INVALID_EMAIL),
    orderKey: z.uuid({ error: "This order form has expired: start again" }),
  });
}
