import { describe, expect, it } from "vitest";
import { shopStart, stepForAward, stepForAwardCredit, type SpendableAward } from "../start";
import { giftCardStore, type ShopStore } from "../stores";

const globalStore: ShopStore = {
  id: "outside",
  kind: "outside",
  label: "Global Rewards",
  description: "",
  href: "/outside",
  awardHref: (id) => `/outside?award=${id}`,
  newTab: true,
  order: 20,
};
const companyStore: ShopStore = { id: "company", kind: "company", label: "Company Rewards Store", description: "", href: "/company", newTab: true, order: 10 };

const award = (id: number, valueCents = 10_000): SpendableAward => ({ id, valueCents });

describe("the shop's start (the spec's storefront dialog and shop entry)", () => {
  it("starts at page 1 with points and awards, when the gift-card store is on", () => {
    expect(shopStart({ hasPoints: true, awards: [award(1)], stores: [giftCardStore] })).toEqual({ step: "shop-with" });
    expect(shopStart({ hasPoints: true, awards: [award(1), award(2)], stores: [giftCardStore, globalStore] })).toEqual({ step: "shop-with" });
  });

  it("starts at page 3 when there are no awards, or the gift-card store is off and the global store on", () => {
    expect(shopStart({ hasPoints: true, awards: [], stores: [giftCardStore] })).toEqual({ step: "choose-store" });
    expect(shopStart({ hasPoints: true, awards: [award(1)], stores: [globalStore] })).toEqual({ step: "choose-store" });
    expect(shopStart({ hasPoints: false, awards: [award(1), award(2)], stores: [globalStore, companyStore] })).toEqual({ step: "choose-store" });
  });

  it("starts at page 2 with several awards and no points", () => {
    expect(shopStart({ hasPoints: false, awards: [award(1), award(2)], stores: [giftCardStore] })).toEqual({ step: "select-award" });
  });

  it("takes the only award of someone without points straight to its step", () => {
    expect(shopStart({ hasPoints: false, awards: [award(7)], stores: [giftCardStore] })).toEqual({ step: "choose-store-for-award", awardId: 7 });
    expect(shopStart({ hasPoints: false, awards: [award(7, 0)], stores: [giftCardStore, globalStore] })).toEqual({ step: "open-store", href: "/outside?award=7" });
  });

  it("with neither points nor awards: the chooser when the gift-card and company stores are on, else the one store that opens alone, else the error", () => {
    const none = { hasPoints: false, awards: [] };
    expect(shopStart({ ...none, stores: [giftCardStore, companyStore] })).toEqual({ step: "choose-store" });
    expect(shopStart({ ...none, stores: [giftCardStore, globalStore] })).toEqual({ step: "open-store", href: "/outside" });
    expect(shopStart({ ...none, stores: [companyStore] })).toEqual({ step: "open-store", href: "/company" });
    expect(shopStart({ ...none, stores: [globalStore, companyStore] })).toEqual({ step: "choose-store" });
    expect(shopStart({ ...none, stores: [giftCardStore] })).toEqual({ step: "failed" });
    expect(shopStart({ ...none, stores: [] })).toEqual({ step: "failed" });
  });
});

describe("choosing award credit or an award", () => {
  it("goes to page 2 for several awards, else to the one award's step; with none, to the stores for points", () => {
    expect(stepForAwardCredit([award(1), award(2)], [giftCardStore])).toEqual({ step: "select-award" });
    expect(stepForAwardCredit([award(3)], [giftCardStore])).toEqual({ step: "choose-store-for-award", awardId: 3 });
    expect(stepForAwardCredit([], [giftCardStore])).toEqual({ step: "choose-store" });
  });

  it("preselects an award with a value on page 3; one of no value opens the global store, and is the error where only gift cards take awards", () => {
    expect(stepForAward(award(4), [giftCardStore, globalStore])).toEqual({ step: "choose-store-for-award", awardId: 4 });
    expect(stepForAward(award(4, 0), [giftCardStore, globalStore])).toEqual({ step: "open-store", href: "/outside?award=4" });
    expect(stepForAward(award(4, 0), [giftCardStore])).toEqual({ step: "failed" });
    expect(stepForAward(award(4), [companyStore])).toEqual({ step: "failed" });
  });
});
