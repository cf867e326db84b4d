import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { refuseToFeed, requireViewer } from "~/modules/auth/guards.server";
import type { Viewer } from "~/modules/auth/viewer";
import { usesPoints } from "~/modules/points/access";
import { viewerPointsSummary } from "~/modules/points/ledger.server";
import type { Catalogue, GiftCardBrand } from "./gift-cards/catalogue";
import { offeredCatalogue } from "./brands.server";
import { giftCardProviderFor } from "./gift-cards/providers.server";
import { spendableCents, type Rate } from "./pricing";
import { SHOP_FAILED, shopStores, shopSwitches } from "./stores";
import { spendableAwardsOf } from "./awards/awards.server";
import { keptForShop } from "./shop-cache.server";
import type { ShopStep } from "./start";

/** The stores of the "Choose where to redeem" page the viewer may use, in order. */
export function storesFor(args: LoaderFunctionArgs, viewer: Viewer) {
  return args.context.app.registry.visibleExtensions(viewer, shopStores).sort((a, b) => a.order - b.order);
}

/**
 * Whoever opens the shop: their points to spend if they have a points catalogue (usesPoints), the
 * open awards they may spend (the awards catalogue: types that do not hide the shop button), and
 * the stores their program has on for them.
 */
export async function shopVisitor(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  const hasPoints = usesPoints(viewer);
  const [points, awards] = await Promise.all([
    hasPoints ? viewerPointsSummary({ db: args.context.db, viewer }).then((summary) => summary.shoppingPointsAvailable) : 0,
    keptForShop({ db: args.context.db, viewer }, `awards:${viewer.employee.id}`, () => spendableAwardsOf(args.context.db, viewer.employee.id)),
  ]);
  const wallet = hasPoints ? { points, spend: spendValue(args, points) } : null;
  return { viewer, hasPoints, wallet, awards, stores: storesFor(args, viewer) };
}

/** The URL of a step of the shop; a step that cannot open is 'Failed to open the shop.' on the feed. */
export async function goToStep(args: LoaderFunctionArgs, step: ShopStep): Promise<never> {
  switch (step.step) {
    case "shop-with":
      throw redirect("/storefront");
    case "select-award":
      throw redirect("/storefront/awards");
    case "choose-store":
      throw redirect("/storefront/points");
    case "choose-store-for-award":
      throw redirect(`/storefront/awards/${step.awardId}`);
    case "open-store":
      throw redirect(step.href);
    case "failed":
      return refuseToFeed(args, SHOP_FAILED);
  }
}

/** A shopper: signed in, with points to spend (the spec's points catalogue). */
export async function requireShopper(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  if (!usesPoints(viewer)) await refuseToFeed(args, SHOP_FAILED);
  const { shoppingPointsAvailable } = await viewerPointsSummary({ db: args.context.db, viewer });
  return { viewer, points: shoppingPointsAvailable };
}

/** The rate that turns the program's points into `currency`: null when the provider has no exchange rate for it. */
export function rateFor(args: LoaderFunctionArgs, catalogue: Catalogue, currency: string): Rate | null {
  const fx = catalogue.fx(currency);
  return fx === null ? null : { pointValue: args.context.tenant.config.points.pointValue, fx };
}

/**
 * A shopper of the gift-card store, with its provider's catalogue. A store that is off, or a
 * provider that cannot be reached or is not configured, sends the shopper to the feed with the
 * spec's 'Failed to open the shop.' (the cause is logged).
 */
export async function requireGiftCardShopper(args: LoaderFunctionArgs) {
  const shopper = await requireShopper(args);
  return { ...shopper, ...(await openGiftCardStore(args, shopper.viewer)) };
}

/** The gift-card store's provider and the catalogue the program offers; 'Failed to open the shop.' (the cause logged) when it is off or cannot be reached. */
export async function openGiftCardStore(args: LoaderFunctionArgs, viewer: Viewer) {
  if (!shopSwitches(viewer).tangoEnabled) await refuseToFeed(args, SHOP_FAILED);
  try {
    const provider = giftCardProviderFor(args.context.tenant);
    return { provider, catalogue: await offeredCatalogue({ db: args.context.db, viewer }, await provider.catalogue()) };
  } catch (error) {
    args.context.log.error({ event: "shop_catalogue_failed", err: error }, "gift card catalogue failed");
    return refuseToFeed(args, SHOP_FAILED);
  }
}

/** The brand of the `brand` route parameter, or 404. */
export function brandOf(args: LoaderFunctionArgs, catalogue: Catalogue): GiftCardBrand {
  const brand = catalogue.brands.find((candidate) => candidate.key === args.params.brand);
  if (!brand) throw new Response("Not found", { status: 404 });
  return brand;
}

/** What the shopper's points buy in the program's own currency (the spec's available spend value, floored to cents). */
export function spendValue(args: LoaderFunctionArgs, points: number) {
  const { pointValue, currency } = args.context.tenant.config.points;
  return { cents: spendableCents(points, { pointValue, fx: 1 }), currency };
}
