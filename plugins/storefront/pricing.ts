import { remembered } from "~/utils/remembered";

/**
 * The storefront's arithmetic (spec section 5). Money is held in whole cents of a currency, points
 * in whole points. `fx` is how many units of the reward's currency one unit of the program's buys
 * (1 when they are the same); `pointValue` is what one point is worth in the program's currency.
 */
export interface Rate {
  pointValue: number;
  fx: number;
}

/** Absorbs binary fractions (0.1 + 0.2): a result this close to a whole number is that number. */
const EPSILON = 1e-9;

/** Required points = amount ÷ fx ÷ point value, rounded up: a card never costs less than its worth. */
export function pointsFor(amountCents: number, { pointValue, fx }: Rate) {
  return Math.ceil(amountCents / 100 / fx / pointValue - EPSILON);
}

/** Shopping value = points × point value × fx, floored to cents: never more than the points pay for. */
export function spendableCents(points: number, { pointValue, fx }: Rate) {
  return Math.floor(points * pointValue * fx * 100 + EPSILON);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** "$25.00", "25,00 €": an amount as people of the program read it. Its formatter is kept: making one costs about 40 µs, and a page shows dozens of amounts. */
export function formatMoney(cents: number, currency: string, locale = "en-US") {
  return remembered(moneyFormats, `${locale} ${currency}`, () => new Intl.NumberFormat(locale, { style: "currency", currency })).format(cents / 100);
}

/** Whole cents from what someone typed in a currency input ("25", "25.5", "1,000.00"); null when it is not an amount. */
export function parseAmount(text: string): number | null {
  const cleaned = text.trim().replace(/^\p{Sc}\s*/u, "").replaceAll(",", "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}
