import type { ActionFunctionArgs } from "@remix-run/node";
import { refuseToFeed } from "~/modules/auth/guards.server";
import type { Viewer } from "~/modules/auth/viewer";
import { InsufficientPoints } from "~/modules/points/ledger.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { attemptPlacement, AwardUnavailable, takeOrder, type NewOrder } from "./orders.server";

/** Points are spent by their owner: a delegate (or an administrator acting as someone) browses the shop but orders nothing. */
export const DELEGATES_DO_NOT_ORDER = "Orders are placed by the person whose points they are, not by a delegate.";

/**
 * Takes an order from a form and asks the provider at once, so the shopper
 * usually sees the card on the next page; the order's job asks again if this
 * request cannot finish (a crash, an outage). Returns the order's id.
 */
export async function placeNewOrder(args: ActionFunctionArgs, viewer: Viewer, order: Omit<NewOrder, "employeeId">) {
  if (viewer.delegation) return refuseToFeed(args, DELEGATES_DO_NOT_ORDER);
  const { app, db, tenant, log } = args.context;
  try {
    const { orderId, created } = await takeOrder(app, db, { ...order, employeeId: viewer.employee.id });
    if (created) {
      log.info({ event: "shop_order_taken", orderId, points: order.points }, "gift card order taken");
      await attemptPlacement({ app, tenant, db, log }, orderId);
    }
    return orderId;
  } catch (error) {
    if (error instanceof AwardUnavailable) return refuseToFeed(args, "This award has already been redeemed.");
    if (!(error instanceof InsufficientPoints)) throw error;
    throw await redirectWithToast(args, `/storefront/gift-cards/${encodeURIComponent(order.brand.key)}?amount=${(order.amountCents / 100).toFixed(2)}`, {
      type: "error",
      message: "You no longer have enough points for that card.",
    });
  }
}
