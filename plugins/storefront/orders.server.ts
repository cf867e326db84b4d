import { sql } from "kysely";
import { z } from "zod";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { defineJob } from "~/modules/jobs/job";
import type { Logger } from "~/modules/logger.server";
import { notify } from "~/modules/notifications/delivery.server";
import { transfer } from "~/modules/points/ledger.server";
import type { AppServices } from "~/modules/services.server";
import type { Tenant } from "~/modules/tenants/tenant";
import type { GiftCardBrand, GiftCardItem } from "./gift-cards/catalogue";
import { OrderDeclined, type GiftCardProvider, type PlacedOrder } from "./gift-cards/provider.server";
import { giftCardProviderFor } from "./gift-cards/providers.server";
import { emailCardJob } from "./card-email.server";
import { formatMoney } from "./pricing";
import type { OrderStatus } from "./schema";

/** How long one process may ask the provider about an order before another may ask again. */
const CLAIM_SECONDS = 120;
/** Tries of the order job after its first; then the order is settled one way or the other. */
const PLACEMENT_RETRIES = 5;
/** The job waits this long before its first try: the request that took the order tries first. */
const SAFETY_NET_DELAY_MS = 30_000;

export interface NewOrder {
  employeeId: number;
  /** The order form's key: submitting it again (a double click, a retry) finds this order. */
  orderKey: string;
  provider: GiftCardProvider["id"];
  brand: Pick<GiftCardBrand, "key" | "name">;
  item: Pick<GiftCardItem, "utid" | "currency">;
  amountCents: number;
  /** 0 for an order an award pays for. */
  points: number;
  email: string;
  resubmitOf?: number | null;
  /** The employee's open service award that pays for the order instead of points. */
  awardId?: number | null;
}

/** The award an order was to be paid with is not the employee's, or is no longer open. */
export class AwardUnavailable extends Error {}

export interface OrderRun {
  app: AppServices;
  tenant: Tenant;
  db: ProgramDb;
  log: Logger;
}

/** An order's key as a provider's external reference: letters and digits only (Tango allows up to 100). */
export const externalRefOf = (orderKey: string) => orderKey.replaceAll("-", "");

/**
 * Takes an order: records it, debits its points from the employee's points to
 * spend (or takes the open award that pays for it: REDEEMING) and enqueues the
 * job that places it, in one transaction, so either all three happen or none
 * (InsufficientPoints and AwardUnavailable roll back). A key already used
 * returns its order and changes nothing: twenty submits are one order.
 */
export async function takeOrder(app: AppServices, db: ProgramDb, order: NewOrder): Promise<{ orderId: number; created: boolean }> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insertInto("shop_order", {
        employee_id: order.employeeId,
        order_key: order.orderKey,
        provider: order.provider,
        brand_key: order.brand.key,
        brand_name: order.brand.name,
        utid: order.item.utid,
        amount_cents: order.amountCents,
        currency: order.item.currency,
        points: order.points,
        email: order.email,
        resubmit_of: order.resubmitOf ?? null,
        award_id: order.awardId ?? null,
      })
      .onConflict((oc) => oc.columns(["program_id", "order_key"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) {
      const existing = await tx.selectFrom("shop_order").select(["id", "employee_id"]).where("order_key", "=", order.orderKey).executeTakeFirstOrThrow();
      if (existing.employee_id !== order.employeeId) throw new Response("Not found", { status: 404 });
      return { orderId: existing.id, created: false };
    }
    if (order.awardId) {
      const taken = await tx
        .updateTable("service_award")
        .set({ status: "REDEEMING" })
        .where("id", "=", order.awardId)
        .where("employee_id", "=", order.employeeId)
        .where("status", "=", "OPEN")
        .returning("id")
        .executeTakeFirst();
      if (!taken) throw new AwardUnavailable(`Award ${order.awardId} is not open`);
    } else {
      await transfer(tx, {
        idempotencyKey: `shop:order:${inserted.id}`,
        kind: "ORDER",
        amount: order.points,
        reason: `${order.brand.name} gift card`,
        actorId: order.employeeId,
        reference: `shop_order:${inserted.id}`,
        from: { kind: "SHOPPING", employeeId: order.employeeId },
      });
    }
    await app.jobs.enqueue(tx, placeOrderJob, { orderId: inserted.id }, { key: `order:${inserted.id}`, runAt: new Date(Date.now() + SAFETY_NET_DELAY_MS) });
    return { orderId: inserted.id, created: true };
  });
}

/** Takes the order for this process, when it is pending and nobody else is asking the provider about it. */
async function claim(db: ProgramDb, orderId: number) {
  return db
    .updateTable("shop_order")
    .set((eb) => ({ claimed_until: sql<Date>`now() + make_interval(secs => ${CLAIM_SECONDS})`, attempts: eb("attempts", "+", 1) }))
    .where("id", "=", orderId)
    .where("status", "=", "PENDING")
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", sql<Date>`now()`)]))
    .returningAll()
    .executeTakeFirst();
}

type ClaimedOrder = NonNullable<Awaited<ReturnType<typeof claim>>>;

async function complete({ app, tenant, db }: OrderRun, order: ClaimedOrder, placed: PlacedOrder) {
  await db.transaction(async (tx) => {
    const done = await tx
      .updateTable("shop_order")
      .set({
        status: "COMPLETE",
        claimed_until: null,
        completed_at: new Date(),
        provider_reference: placed.reference,
        credentials: JSON.stringify(placed.credentials),
        redemption_instructions: placed.redemptionInstructions,
      })
      .where("id", "=", order.id)
      .where("status", "=", "PENDING")
      .returning("id")
      .executeTakeFirst();
    if (!done) return;
    if (order.award_id !== null) await tx.updateTable("service_award").set({ status: "REDEEMED", redeemed_at: new Date() }).where("id", "=", order.award_id).execute();
    const amount = formatMoney(order.amount_cents, order.currency);
    await notify(app, tenant, tx, [order.employee_id], { type: "SHOP_ORDER_PLACED", message: `Your ${amount} ${order.brand_name} gift card is ready.`, link: `/storefront/orders/${order.id}` }, `shop-order-placed:${order.id}`);
    if (!placed.emailedByProvider) await app.jobs.enqueue(tx, emailCardJob, { orderId: order.id }, { key: `card-email:${order.id}` });
  });
}

/** A definitive failure: the order is FAILED and its points go back (or its award is open again), once. */
async function fail({ app, tenant, db, log }: OrderRun, order: ClaimedOrder, reason: string) {
  log.warn({ event: "shop_order_failed", orderId: order.id, reason }, "gift card order failed");
  await db.transaction(async (tx) => {
    const failed = await tx
      .updateTable("shop_order")
      .set({ status: "FAILED", claimed_until: null, failure_reason: reason.slice(0, 200), completed_at: new Date() })
      .where("id", "=", order.id)
      .where("status", "=", "PENDING")
      .returning("id")
      .executeTakeFirst();
    if (!failed) return;
    if (order.award_id !== null) {
      await tx.updateTable("service_award").set({ status: "OPEN" }).where("id", "=", order.award_id).where("status", "=", "REDEEMING").execute();
    } else {
      await transfer(tx, {
        idempotencyKey: `shop:refund:${order.id}`,
        kind: "ORDER_REFUND",
        amount: order.points,
        reason: `${order.brand_name} gift card order failed`,
        actorId: null,
        reference: `shop_order:${order.id}`,
        to: { kind: "SHOPPING", employeeId: order.employee_id },
      });
    }
    const returned = order.award_id !== null ? "your award is open to redeem again" : `its ${order.points.toLocaleString("en-US")} points are back`;
    await notify(
      app,
      tenant,
      tx,
      [order.employee_id],
      { type: "SHOP_ORDER_FAILED", message: `Your ${order.brand_name} gift card order could not be placed; ${returned}.`, link: `/storefront/orders/${order.id}` },
      `shop-order-failed:${order.id}`,
    );
  });
}

/**
 * Asks the provider for a pending order once, under the order's own external
 * reference, and settles it: COMPLETE with the card, or FAILED with the points
 * back when the provider says no. When the answer is not known (a time-out, an
 * outage) the order stays PENDING for the job to ask again; on the job's last
 * try (`final`) the provider is asked whether it has the order, and if it has
 * none the order fails. Returns the order's status afterwards.
 */
export async function attemptPlacement(run: OrderRun, orderId: number, { final = false, provider }: { final?: boolean; provider?: GiftCardProvider } = {}): Promise<OrderStatus> {
  const order = await claim(run.db, orderId);
  if (!order) return statusOf(run.db, orderId);
  const giftCards = provider ?? giftCardProviderFor(run.tenant);
  const externalRef = externalRefOf(order.order_key);
  const recipient = await run.db.selectFrom("employee").select(["first_name", "last_name"]).where("id", "=", order.employee_id).executeTakeFirstOrThrow();
  try {
    const placed = await giftCards.placeOrder({
      externalRef,
      utid: order.utid,
      amountCents: order.amount_cents,
      currency: order.currency,
      recipient: { email: order.email, firstName: recipient.first_name, lastName: recipient.last_name },
      senderName: run.tenant.config.name,
    });
    await complete(run, order, placed);
  } catch (error) {
    if (error instanceof OrderDeclined) {
      await fail(run, order, error.reason);
    } else {
      run.log.warn({ event: "shop_order_unknown", orderId, attempt: order.attempts, err: error }, "gift card provider did not answer; the order will be asked again");
      const found = final ? await giftCards.findOrder(externalRef).catch(() => undefined) : undefined;
      if (found) await complete(run, order, found);
      else if (found === null) await fail(run, order, "PROVIDER_UNAVAILABLE");
      else await run.db.updateTable("shop_order").set({ claimed_until: null }).where("id", "=", orderId).where("status", "=", "PENDING").execute();
    }
  }
  return statusOf(run.db, orderId);
}

/** What a program manager's refund of a pending order came to. */
export type RefundOutcome = "REFUNDED" | "PLACED" | "BUSY" | "UNREACHABLE" | "SETTLED";

/**
 * A program manager settles an order the provider never answered: the provider is asked
 * whether it has the order first, and if it has, the order completes (its card cannot be
 * taken back); only if it has none does the order fail with its points returned.
 */
export async function refundPendingOrder(run: OrderRun, orderId: number, { provider }: { provider?: GiftCardProvider } = {}): Promise<RefundOutcome> {
  const order = await claim(run.db, orderId);
  if (!order) return (await statusOf(run.db, orderId)) === "PENDING" ? "BUSY" : "SETTLED";
  const found = await (provider ?? giftCardProviderFor(run.tenant)).findOrder(externalRefOf(order.order_key)).catch(() => undefined);
  if (found === undefined) {
    await run.db.updateTable("shop_order").set({ claimed_until: null }).where("id", "=", orderId).execute();
    return "UNREACHABLE";
  }
  if (found) {
    await complete(run, order, found);
    return "PLACED";
  }
  await fail(run, order, "REFUNDED_BY_PROGRAM_MANAGER");
  return "REFUNDED";
}

async function statusOf(db: ProgramDb, orderId: number) {
  const row = await db.selectFrom("shop_order").select("status").where("id", "=", orderId).executeTakeFirstOrThrow();
  return row.status;
}

/** The safety net behind each order: places it if the request that took it could not (a crash, an outage). */
export const placeOrderJob = defineJob({
  name: "storefront.place-order",
  data: z.object({ orderId: z.number().int().positive() }),
  retries: PLACEMENT_RETRIES,
  retryDelaySeconds: 30,
  async run({ data, attempt, app, tenant, db, log }) {
    const status = await attemptPlacement({ app, tenant, db, log }, data.orderId, { final: attempt > PLACEMENT_RETRIES });
    if (status === "PENDING") throw new Error(`Order ${data.orderId} is not settled yet`);
  },
});
