import { createHash } from "node:crypto";
import type { Catalogue, GiftCardBrand } from "./catalogue";
import { OrderDeclined, type GiftCardProvider, type PlacedOrder } from "./provider.server";
import { sandboxBrands } from "./sandbox-brands";

/** Orders to addresses at this domain are declined: how a demo (or a test in a browser) sees a failed order. */
export const SANDBOX_DECLINED_DOMAIN = "decline.example";

/** The sandbox's account never runs dry. */
const SANDBOX_BALANCE_CENTS = 100_000_000;

function catalogueIn(currency: string): GiftCardBrand[] {
  return sandboxBrands.map((brand) => ({
    key: brand.key,
    name: brand.name,
    description: brand.description,
    imageUrl: `/storefront/brand-logos/${brand.key}.svg`,
    categories: brand.categories,
    items: Array.isArray(brand.values)
      ? brand.values.map((value) => ({ utid: `SBX-${brand.key}-${value}`, name: `${brand.name} ${value}`, currency, valueType: "FIXED_VALUE" as const, faceValue: value * 100 }))
      : [{ utid: `SBX-${brand.key}-any`, name: brand.name, currency, valueType: "VARIABLE_VALUE" as const, minValue: brand.values.min * 100, maxValue: brand.values.max * 100 }],
  }));
}

/** A card number and PIN that follow from the order's reference: asking twice gives the same card. */
function sampleCard(externalRef: string): PlacedOrder {
  const digest = createHash("sha256").update(externalRef).digest("hex").toUpperCase();
  const number = `SBX-${digest.slice(0, 4)}-${digest.slice(4, 8)}-${digest.slice(8, 12)}`;
  const pin = String(parseInt(digest.slice(12, 18), 16) % 10_000).padStart(4, "0");
  return {
    reference: `SBX-${digest.slice(18, 28)}`,
    credentials: [
      { label: "Card number", value: number, kind: "text" },
      { label: "PIN", value: pin, kind: "text" },
    ],
    redemptionInstructions: "This is a sample card from the sandbox store: it shows how a real card arrives, and buys nothing.",
    emailedByProvider: false,
  };
}

/**
 * The embedded gift-card provider, used when a program names no outside one:
 * sample brands of its own making in the program's currency, and orders that
 * complete at once with a sample card, so the whole storefront works with
 * nothing to configure. It keeps no state: a card follows from its reference.
 */
export function sandboxProvider(currency: string): GiftCardProvider {
  const brands = catalogueIn(currency);
  const catalogue: Catalogue = { brands, fx: (wanted) => (wanted === currency ? 1 : null) };
  return {
    id: "sandbox",
    catalogue: async () => catalogue,
    async placeOrder(order) {
      if (order.recipient.email.toLowerCase().endsWith(`@${SANDBOX_DECLINED_DOMAIN}`)) {
        throw new OrderDeclined("SANDBOX_DECLINED", `The sandbox declines orders to ${SANDBOX_DECLINED_DOMAIN}`);
      }
      if (!brands.some((brand) => brand.items.some((item) => item.utid === order.utid))) throw new OrderDeclined("UNKNOWN_ITEM", `No item ${order.utid}`);
      return sampleCard(order.externalRef);
    },
    findOrder: async () => null,
    balance: async () => ({ cents: SANDBOX_BALANCE_CENTS, currency }),
  };
}
