import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import type { ShopPageData } from "./components/shop-pages";
import { formatMoney } from "./pricing";
import { goToStep, shopVisitor } from "./shop.server";
import { awardStores, pointsStores, shopStart, stepForAward, stepForAwardCredit, type ShopStep } from "./start";
import type { ShopStore } from "./stores";

type Visitor = Awaited<ReturnType<typeof shopVisitor>>;

const choice = (store: ShopStore, href: string) => ({ id: store.id, label: store.label, description: store.description, href, newTab: store.newTab ?? false });

/** The data of a step the shop shows as a page (1, 2 or 3); any other step is a redirect to it, or the shop's error. */
async function pageFor(args: LoaderFunctionArgs, visitor: Visitor, step: ShopStep): Promise<ShopPageData> {
  const { wallet, awards, stores } = visitor;
  const currency = args.context.tenant.config.points.currency;
  switch (step.step) {
    case "shop-with": {
      const total = awards.reduce((sum, award) => sum + award.valueCents, 0);
      return { page: "shop-with", wallet, awardCredit: { count: awards.length, value: formatMoney(total, currency) } };
    }
    case "select-award":
      return {
        page: "select-award",
        wallet,
        owner: visitor.viewer.employee.displayName,
        awards: awards.map(({ id, name, yearsService, valueCents, displayLines, imageUrl }) => ({ id, name, yearsService, displayLines, imageUrl, value: formatMoney(valueCents, currency) })),
      };
    case "choose-store":
      return { page: "choose-store", wallet, award: null, stores: pointsStores(stores, visitor.hasPoints).map((store) => choice(store, store.href)) };
    case "choose-store-for-award": {
      const award = awards.find((candidate) => candidate.id === step.awardId)!;
      return {
        page: "choose-store",
        wallet: null,
        award: { name: award.name, value: formatMoney(award.valueCents, currency) },
        stores: awardStores(stores).map((store) => choice(store, store.awardHref!(award.id))),
      };
    }
    default:
      return goToStep(args, step);
  }
}

/** /storefront and /company-store: the shop's entry and its dialog's first step (the spec's start rules). */
export async function shopStartPage(args: LoaderFunctionArgs) {
  const visitor = await shopVisitor(args);
  const step = shopStart(visitor);
  // Page 3 with an award preselected has its own URL (its stores link there); the other start pages show here.
  return step.step === "choose-store-for-award" ? goToStep(args, step) : pageFor(args, visitor, step);
}

/** Page 1's Points: page 3, the stores that take points. */
export async function pointsStoresPage(args: LoaderFunctionArgs) {
  const visitor = await shopVisitor(args);
  return pageFor(args, visitor, { step: "choose-store" });
}

/** Page 1's award credit: page 2 (Select Award) for several awards, else the one award's step. */
export async function selectAwardPage(args: LoaderFunctionArgs) {
  const visitor = await shopVisitor(args);
  const step = stepForAwardCredit(visitor.awards, visitor.stores);
  return step.step === "select-award" ? pageFor(args, visitor, step) : goToStep(args, step);
}

/** An award chosen: page 3 with it preselected, or where an award of no value goes. Not one of the viewer's spendable awards: the feed. */
export async function awardStoresPage(args: LoaderFunctionArgs) {
  const visitor = await shopVisitor(args);
  const award = visitor.awards.find((candidate) => String(candidate.id) === args.params.awardId);
  if (!award) throw redirect("/feed");
  return pageFor(args, visitor, stepForAward(award, visitor.stores));
}

/**
 * A route's loader's answer for one of the pages above. Called inside each route's `loader`, never
 * at a route module's top: the browser loads that module with this one emptied (decision 112).
 */
export async function shopPageAnswer(args: LoaderFunctionArgs, page: (args: LoaderFunctionArgs) => Promise<ShopPageData>) {
  return json(await page(args));
}
