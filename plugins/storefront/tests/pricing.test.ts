import { describe, expect, it } from "vitest";
import type { GiftCardBrand } from "../gift-cards/catalogue";
import { priceCard } from "../order-form.server";
import { formatMoney, parseAmount, pointsFor, spendableCents } from "../pricing";

const cent = { pointValue: 0.01, fx: 1 };

describe("the storefront's arithmetic", () => {
  it("charges amount ÷ fx ÷ point value points, rounded up", () => {
    expect(pointsFor(2_500, cent)).toBe(2_500);
    expect(pointsFor(1, cent)).toBe(1);
    // 0.1 + 0.2 style fractions do not cost a point more.
    expect(pointsFor(30, { pointValue: 0.001, fx: 1 })).toBe(300);
    expect(pointsFor(1_000, { pointValue: 0.003, fx: 1 })).toBe(3_334);
    // A card in another currency: 10.00 EUR at 0.92 EUR per dollar is 10.87 dollars.
    expect(pointsFor(1_000, { pointValue: 0.01, fx: 0.92 })).toBe(1_087);
    expect(pointsFor(1_000, { pointValue: 0.005, fx: 1.25 })).toBe(1_600);
  });

  it("floors what points buy to cents, so it never promises more than they pay for", () => {
    expect(spendableCents(2_500, cent)).toBe(2_500);
    expect(spendableCents(3_333, { pointValue: 0.003, fx: 1 })).toBe(999);
    expect(spendableCents(1_087, { pointValue: 0.01, fx: 0.92 })).toBe(1_000);
    expect(spendableCents(0, cent)).toBe(0);
    // What spendableCents promises, pointsFor never charges more points than the shopper has.
    for (const points of [1, 7, 99, 1_234, 99_999]) {
      for (const rate of [cent, { pointValue: 0.003, fx: 1 }, { pointValue: 0.01, fx: 0.92 }, { pointValue: 0.005, fx: 1.37 }]) {
        expect(pointsFor(spendableCents(points, rate), rate)).toBeLessThanOrEqual(points);
      }
    }
  });

  it("reads what people type in a currency input, and nothing else", () => {
    expect(parseAmount("25")).toBe(2_500);
    expect(parseAmount(" $25.5 ")).toBe(2_550);
    expect(parseAmount("1,000.05")).toBe(100_005);
    expect(parseAmount("0.01")).toBe(1);
    expect(parseAmount("0")).toBe(0);
    for (const bad of ["", "abc", "25.555", "-5", "1e3", "25.", "99999999"]) expect(parseAmount(bad)).toBeNull();
  });

  it("formats money in the card's currency", () => {
    expect(formatMoney(2_500, "USD")).toBe("$25.00");
    expect(formatMoney(1_050, "EUR")).toBe("€10.50");
  });
});

const coffee: GiftCardBrand = {
  key: "coffee",
  name: "Coffee",
  description: "",
  imageUrl: "",
  categories: ["dining"],
  items: [
    { utid: "C10", name: "Coffee 10", currency: "USD", valueType: "FIXED_VALUE", faceValue: 1_000 },
    { utid: "C25", name: "Coffee 25", currency: "USD", valueType: "FIXED_VALUE", faceValue: 2_500 },
  ],
};
const books: GiftCardBrand = {
  key: "books",
  name: "Books",
  description: "",
  imageUrl: "",
  categories: ["entertainment"],
  items: [{ utid: "B", name: "Books", currency: "USD", valueType: "VARIABLE_VALUE", minValue: 500, maxValue: 50_000 }],
};
const euroBooks: GiftCardBrand = { ...books, items: [{ utid: "E", name: "Livres", currency: "EUR", valueType: "VARIABLE_VALUE", minValue: 500, maxValue: 50_000 }] };
const rates = (currency: string) => (currency === "USD" ? cent : currency === "EUR" ? { pointValue: 0.01, fx: 0.92 } : null);

describe("a gift card's amount (section 5)", () => {
  it("takes an amount in range or a face value, and prices it", () => {
    expect(priceCard(books, "12.34", rates, 5_000)).toEqual({ ok: true, card: { item: books.items[0], amountCents: 1_234, points: 1_234 } });
    expect(priceCard(coffee, "25", rates, 5_000)).toEqual({ ok: true, card: { item: coffee.items[1], amountCents: 2_500, points: 2_500 } });
    expect(priceCard(euroBooks, "10", rates, 5_000)).toMatchObject({ ok: true, card: { amountCents: 1_000, points: 1_087 } });
  });

  it("refuses nothing, zero, less than the minimum, more than the maximum and amounts a fixed brand does not sell", () => {
    expect(priceCard(books, "", rates, 5_000)).toEqual({ ok: false, error: "Enter an amount, like 25.00" });
    expect(priceCard(books, "0", rates, 5_000)).toEqual({ ok: false, error: "Enter an amount greater than 0" });
    expect(priceCard(books, "4.99", rates, 5_000)).toEqual({ ok: false, error: "The least you can order is $5.00" });
    expect(priceCard(books, "500.01", rates, 100_000)).toEqual({ ok: false, error: "The most you can order is $500.00" });
    expect(priceCard(coffee, "15", rates, 5_000)).toEqual({ ok: false, error: "Choose one of the amounts shown" });
  });

  it("refuses a card that takes more points than the shopper has, saying what they can afford", () => {
    expect(priceCard(books, "25.00", rates, 2_500)).toMatchObject({ ok: true });
    expect(priceCard(books, "25.01", rates, 2_500)).toEqual({ ok: false, error: "That takes 2,501 points; you have 2,500, enough for $25.00" });
  });

  it("refuses a currency the provider has no rate for", () => {
    const yen: GiftCardBrand = { ...books, items: [{ ...books.items[0]!, currency: "JPY" } as GiftCardBrand["items"][number]] };
    expect(priceCard(yen, "10", rates, 5_000)).toEqual({ ok: false, error: "Books cards cannot be bought with points just now" });
  });
});
