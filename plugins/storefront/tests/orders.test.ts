import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { balanceOf } from "~/modules/points/ledger.server";
import { OrderDeclined, type GiftCardProvider, type OrderRequest } from "../gift-cards/provider.server";
import { sandboxProvider } from "../gift-cards/sandbox.server";
import { attemptPlacement, externalRefOf, placeOrderJob, refundPendingOrder, takeOrder, type NewOrder } from "../orders.server";
import { ordersReport } from "../orders-report.server";
import { action as settleAction, loader as adminLoader } from "../routes/storefront.admin.orders";
import { action as brandsAction } from "../routes/storefront.admin.brands";
import { loader as catalogueLoader } from "../routes/storefront.gift-cards._index";
import { loader as amountLoader } from "../routes/storefront.gift-cards.$brand._index";
import { storefrontConfigData } from "../config-data.server";
import { sandboxBrands } from "../gift-cards/sandbox-brands";
import { checkBalanceJob } from "../balance-check.server";
import { action as amountAction } from "../routes/storefront.gift-cards.$brand._index";
import { action as deliverAction, loader as deliverLoader } from "../routes/storefront.gift-cards.$brand.deliver";
import { action as resubmitAction, loader as orderLoader } from "../routes/storefront.orders.$orderId";
import { loader as chooseLoader } from "../routes/storefront._index";
import { formPost, requestTo, signInAs } from "../../../tests/setup/test-app";
import { acme, call, openAcmeShop, tenant, testApp } from "./acme-shop";
import { itRaces } from "../../../tests/setup/races";

openAcmeShop();

/** A person of their own for each test, with `points` to spend: tests never share a balance. */
async function shopper(points: number) {
  const loginId = `shopper-${randomUUID().slice(0, 8)}`;
  const { id } = await acme
    .insertInto("employee", { login_id: loginId, first_name: "Sam", last_name: "Shopper", display_name: "Sam Shopper", email: `${loginId}@acme.example.com`, employee_type: "EMPLOYEE", permissions: "{}" })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (points > 0) {
    const { transfer } = await import("~/modules/points/ledger.server");
    await transfer(acme, { idempotencyKey: `test:${loginId}`, kind: "UPLOAD", amount: points, reason: "Test points", actorId: null, to: { kind: "SHOPPING", employeeId: id } });
  }
  const { cookie } = await signInAs(testApp.app, "acme", loginId);
  return { id, loginId, cookie, balance: () => balanceOf(acme, { kind: "SHOPPING", employeeId: id }) };
}


const run = () => ({ app: testApp.app.services, tenant, db: acme, log: testApp.app.log });

function newOrder(employeeId: number, overrides: Partial<NewOrder> = {}): NewOrder {
  return {
    employeeId,
    orderKey: randomUUID(),
    provider: "sandbox",
    brand: { key: "northwind-books", name: "Northwind Books" },
    item: { utid: "SBX-northwind-books-any", currency: "USD" },
    amountCents: 1_000,
    points: 1_000,
    email: "sam@acme.example.com",
    ...overrides,
  };
}

/** A provider that answers with `answers` in turn (an error is thrown), recording what it was asked. */
function scriptedProvider(answers: ("ok" | "timeout" | "declined")[], found: "none" | "order" = "none") {
  const asked: OrderRequest[] = [];
  const sandbox = sandboxProvider("USD");
  const provider: GiftCardProvider = {
    ...sandbox,
    async placeOrder(order) {
      asked.push(order);
      const answer = answers.shift() ?? "ok";
      if (answer === "timeout") throw new Error("The operation was aborted due to timeout");
      if (answer === "declined") throw new OrderDeclined("RAAS:ORDER:INVALID_UTID", "Tango 400: no such item");
      return sandbox.placeOrder(order);
    },
    findOrder: async (externalRef) => (found === "order" ? sandbox.placeOrder({ ...asked[0]!, externalRef }) : null),
  };
  return { provider, asked };
}

const orderRow = (id: number) => acme.selectFrom("shop_order").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("the storefront's pages", () => {
  it("starts at Choose where to redeem, with the gift-card store and what the points are worth", async () => {
    const sam = await shopper(2_500);
    const data = await ((await call(chooseLoader, requestTo("acme", "/storefront", { cookie: sam.cookie }), {})) as Response).json();
    expect(data.wallet).toEqual({ points: 2_500, spend: { cents: 2_500, currency: "USD" } });
    expect(data.stores.map((store: { label: string }) => store.label)).toEqual(["Digital Gift Card"]);
  });

  it("goes from Select Amount to the delivery e-mail with a valid amount, and keeps what was typed beside its error", async () => {
    const sam = await shopper(2_000);
    const next = (await call(amountAction, formPost("acme", "/storefront/gift-cards/northwind-books", { amount: "12.5" }, sam.cookie), { brand: "northwind-books" })) as Response;
    expect(next.headers.get("Location")).toBe("/storefront/gift-cards/northwind-books/deliver?amount=12.50");
    const tooMuch = (await call(amountAction, formPost("acme", "/storefront/gift-cards/northwind-books", { amount: "25" }, sam.cookie), { brand: "northwind-books" })) as Response;
    expect(tooMuch.status).toBe(400);
    const reply = await tooMuch.json();
    expect(reply.error.amount).toEqual(["That takes 2,500 points; you have 2,000, enough for $20.00"]);
    expect(reply.initialValue.amount).toBe("25");
  });

  it("sends an amount that no longer fits back to Select Amount, and an unknown brand to 404", async () => {
    const sam = await shopper(500);
    const back = (await call(deliverLoader, requestTo("acme", "/storefront/gift-cards/northwind-books/deliver?amount=25.00", { cookie: sam.cookie }), { brand: "northwind-books" })) as Response;
    expect(back.headers.get("Location")).toBe("/storefront/gift-cards/northwind-books?amount=25.00");
    const missing = (await call(deliverLoader, requestTo("acme", "/storefront/gift-cards/nope/deliver?amount=5", { cookie: sam.cookie }), { brand: "nope" })) as Response;
    expect(missing.status).toBe(404);
  });

  it("buys a card: points debited once, the order complete with its card, shown to its owner only and never cached", async () => {
    const sam = await shopper(3_000);
    const orderKey = randomUUID();
    const fields = { amount: "25.00", email: "sam.home@example.org", orderKey };
    const placed = (await call(deliverAction, formPost("acme", "/storefront/gift-cards/northwind-books/deliver", fields, sam.cookie), { brand: "northwind-books" })) as Response;
    const location = placed.headers.get("Location")!;
    expect(location).toMatch(/^\/storefront\/orders\/\d+$/);
    const orderId = location.split("/").at(-1)!;
    expect(await sam.balance()).toBe(500);
    const page = (await call(orderLoader, requestTo("acme", location, { cookie: sam.cookie }), { orderId })) as Response;
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const { order, page: step } = await page.json();
    expect(step).toBe("COMPLETE");
    expect(order).toMatchObject({ brandName: "Northwind Books", amountCents: 2_500, points: 2_500, email: "sam.home@example.org", status: "COMPLETE" });
    expect(order.credentials.map((c: { label: string }) => c.label)).toEqual(["Card number", "PIN"]);

    // The same form sent again is the same order.
    const again = (await call(deliverAction, formPost("acme", "/storefront/gift-cards/northwind-books/deliver", { ...fields, amount: "5.00" }, sam.cookie), { brand: "northwind-books" })) as Response;
    expect(again.headers.get("Location")).toBe(location);
    expect(await sam.balance()).toBe(500);

    const someoneElse = await shopper(0);
    const hidden = (await call(orderLoader, requestTo("acme", location, { cookie: someoneElse.cookie }), { orderId })) as Response;
    expect(hidden.status).toBe(404);
  });

  it("shows an address that is not one beside the field with the spec's words, and takes nothing", async () => {
    const sam = await shopper(3_000);
    const reply = (await call(deliverAction, formPost("acme", "/storefront/gift-cards/northwind-books/deliver", { amount: "10", email: "sam@", orderKey: randomUUID() }, sam.cookie), { brand: "northwind-books" })) as Response;
    expect(reply.status).toBe(400);
    expect((await reply.json()).error.email).toEqual(["Enter valid email address"]);
    expect(await sam.balance()).toBe(3_000);
  });

  it("on a declined order shows ERROR with the points back; a resubmit that fails too shows ERROR2", async () => {
    const sam = await shopper(3_000);
    const fields = { amount: "10.00", email: "sam@decline.example", orderKey: randomUUID() };
    const placed = (await call(deliverAction, formPost("acme", "/storefront/gift-cards/northwind-books/deliver", fields, sam.cookie), { brand: "northwind-books" })) as Response;
    const location = placed.headers.get("Location")!;
    const orderId = location.split("/").at(-1)!;
    const first = await ((await call(orderLoader, requestTo("acme", location, { cookie: sam.cookie }), { orderId })) as Response).json();
    expect(first.page).toBe("ERROR");
    expect(first.order.credentials).toEqual([]);
    expect(await sam.balance()).toBe(3_000);
    expect((await orderRow(Number(orderId))).failure_reason).toBe("SANDBOX_DECLINED");

    const resubmitted = (await call(resubmitAction, formPost("acme", location, { orderKey: first.resubmitKey }, sam.cookie), { orderId })) as Response;
    const secondLocation = resubmitted.headers.get("Location")!;
    expect(secondLocation).not.toBe(location);
    const second = await ((await call(orderLoader, requestTo("acme", secondLocation, { cookie: sam.cookie }), { orderId: secondLocation.split("/").at(-1)! })) as Response).json();
    expect(second.page).toBe("ERROR2");
    expect(await sam.balance()).toBe(3_000);
  });
});

describe("ordering exactly once", () => {
  it("keeps the points held through a time-out and orders once, under one reference, when asked again", async () => {
    const sam = await shopper(2_000);
    const { orderId } = await takeOrder(testApp.app.services, acme, newOrder(sam.id));
    const { provider, asked } = scriptedProvider(["timeout", "ok"]);
    expect(await attemptPlacement(run(), orderId, { provider })).toBe("PENDING");
    expect(await sam.balance()).toBe(1_000);
    expect(await attemptPlacement(run(), orderId, { provider })).toBe("COMPLETE");
    expect(await attemptPlacement(run(), orderId, { provider })).toBe("COMPLETE");
    expect(asked.map((order) => order.externalRef)).toEqual([externalRefOf((await orderRow(orderId)).order_key), externalRefOf((await orderRow(orderId)).order_key)]);
    expect(await sam.balance()).toBe(1_000);
  });

  it("returns the points once when the provider declines, and never asks again", async () => {
    const sam = await shopper(2_000);
    const { orderId } = await takeOrder(testApp.app.services, acme, newOrder(sam.id));
    const { provider, asked } = scriptedProvider(["declined"]);
    expect(await attemptPlacement(run(), orderId, { provider })).toBe("FAILED");
    expect(await attemptPlacement(run(), orderId, { provider })).toBe("FAILED");
    expect(asked).toHaveLength(1);
    expect(await sam.balance()).toBe(2_000);
    const refunds = await acme.selectFrom("points_transfer").select(["kind", "amount"]).where("reference", "=", `shop_order:${orderId}`).orderBy("id").execute();
    expect(refunds).toEqual([
      { kind: "ORDER", amount: 1_000 },
      { kind: "ORDER_REFUND", amount: 1_000 },
    ]);
  });

  it("on its last try asks the provider whether it has the order: completes it if so, else fails it with the points back", async () => {
    const has = await shopper(2_000);
    const kept = await takeOrder(testApp.app.services, acme, newOrder(has.id));
    const found = scriptedProvider(["timeout"], "order");
    expect(await attemptPlacement(run(), kept.orderId, { provider: found.provider, final: true })).toBe("COMPLETE");
    expect(await has.balance()).toBe(1_000);

    const lacks = await shopper(2_000);
    const lost = await takeOrder(testApp.app.services, acme, newOrder(lacks.id));
    const none = scriptedProvider(["timeout"], "none");
    expect(await attemptPlacement(run(), lost.orderId, { provider: none.provider, final: true })).toBe("FAILED");
    expect((await orderRow(lost.orderId)).failure_reason).toBe("PROVIDER_UNAVAILABLE");
    expect(await lacks.balance()).toBe(2_000);
  });

  it("places an order whose request died after the commit: the job finds it and orders it once", async () => {
    const sam = await shopper(2_000);
    const { orderId } = await takeOrder(testApp.app.services, acme, newOrder(sam.id));
    const job = { id: "test", attempt: 1, data: { orderId }, tenant, db: acme, log: testApp.app.log, app: testApp.app.services };
    await placeOrderJob.run(job);
    await placeOrderJob.run({ ...job, attempt: 2 });
    const row = await orderRow(orderId);
    expect(row.status).toBe("COMPLETE");
    expect(row.attempts).toBe(1);
    expect(await sam.balance()).toBe(1_000);
  });

  it("takes no order and holds no points when the points do not cover it", async () => {
    const sam = await shopper(500);
    await expect(takeOrder(testApp.app.services, acme, newOrder(sam.id))).rejects.toThrow(/Not enough points/);
    expect(await acme.selectFrom("shop_order").select("id").where("employee_id", "=", sam.id).execute()).toEqual([]);
  });

  itRaces("twenty submits of one order at once make one order and one debit", async () => {
    const sam = await shopper(5_000);
    const fields = { amount: "10.00", email: "sam@example.org", orderKey: randomUUID() };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => call(deliverAction, formPost("acme", "/storefront/gift-cards/northwind-books/deliver", fields, sam.cookie), { brand: "northwind-books" }) as Promise<Response>),
    );
    expect(new Set(responses.map((response) => response.headers.get("Location"))).size).toBe(1);
    expect(await acme.selectFrom("shop_order").select("id").where("employee_id", "=", sam.id).execute()).toHaveLength(1);
    expect(await sam.balance()).toBe(4_000);
  });
});

describe("what program managers see and do", () => {
  it("refunds a pending order only when the provider has none; one it has completes instead", async () => {
    const lost = await shopper(2_000);
    const lostOrder = await takeOrder(testApp.app.services, acme, newOrder(lost.id));
    expect(await refundPendingOrder(run(), lostOrder.orderId, { provider: scriptedProvider([], "none").provider })).toBe("REFUNDED");
    expect(await lost.balance()).toBe(2_000);
    expect((await orderRow(lostOrder.orderId)).failure_reason).toBe("REFUNDED_BY_PROGRAM_MANAGER");
    expect(await refundPendingOrder(run(), lostOrder.orderId)).toBe("SETTLED");

    const placedAfterAll = await shopper(2_000);
    const kept = await takeOrder(testApp.app.services, acme, newOrder(placedAfterAll.id));
    const found = scriptedProvider([], "order");
    await found.provider.placeOrder({ externalRef: "seed", utid: "SBX-northwind-books-any", amountCents: 1_000, currency: "USD", recipient: { email: "x@example.org", firstName: "X", lastName: "Y" }, senderName: "Acme" });
    expect(await refundPendingOrder(run(), kept.orderId, { provider: found.provider })).toBe("PLACED");
    expect(await placedAfterAll.balance()).toBe(1_000);

    const unknown = await shopper(2_000);
    const unsure = await takeOrder(testApp.app.services, acme, newOrder(unknown.id));
    const unreachable = { ...sandboxProvider("USD"), findOrder: async () => Promise.reject(new Error("ECONNRESET")) };
    expect(await refundPendingOrder(run(), unsure.orderId, { provider: unreachable })).toBe("UNREACHABLE");
    expect((await orderRow(unsure.orderId)).status).toBe("PENDING");
    expect(await unknown.balance()).toBe(1_000);
  });

  it("lists the program's orders for program managers only, and settles a pending one from the list", async () => {
    const sam = await shopper(2_000);
    const { orderId } = await takeOrder(testApp.app.services, acme, newOrder(sam.id));
    const admin = await signInAs(testApp.app, "acme", "admin");
    const list = await ((await call(adminLoader, requestTo("acme", "/storefront/admin/orders?status=PENDING", { cookie: admin.cookie }), {})) as Response).json();
    expect(list.orders.map((order: { id: number }) => order.id)).toContain(orderId);
    expect(list.orders.every((order: { status: string }) => order.status === "PENDING")).toBe(true);
    const refused = (await call(adminLoader, requestTo("acme", "/storefront/admin/orders", { cookie: sam.cookie }), {})) as Response;
    expect(refused.headers.get("Location")).toBe("/feed");

    const settled = (await call(settleAction, formPost("acme", "/storefront/admin/orders", { intent: "retry", id: String(orderId) }, admin.cookie), {})) as Response;
    expect(settled.headers.get("Location")).toBe("/storefront/admin/orders?status=PENDING");
    expect((await orderRow(orderId)).status).toBe("COMPLETE");
  });

  it("reports the period's orders with their status and reason", async () => {
    const sam = await shopper(2_000);
    const { orderId } = await takeOrder(testApp.app.services, acme, newOrder(sam.id, { email: "sam@decline.example" }));
    await attemptPlacement(run(), orderId);
    const rows = await ordersReport.rows({ db: acme, start: new Date(Date.now() - 60_000), end: new Date(Date.now() + 60_000), timeZone: "America/New_York", registry: testApp.app.registry });
    expect(rows.find((row) => row.order === orderId)).toMatchObject({ name: "Sam Shopper", brand: "Northwind Books", amount: "10.00", currency: "USD", points: 1_000, status: "FAILED", reason: "SANDBOX_DECLINED" });
  });

  it("offers only the brands a program manager keeps on, and exports the list with the tenant", async () => {
    const admin = await signInAs(testApp.app, "acme", "admin");
    const sam = await shopper(1_000);
    const offered = sandboxBrands.map((brand) => brand.key).filter((key) => key !== "kindred-giving");
    const body = new URLSearchParams(offered.map((key) => ["offered", key]));
    const saved = (await call(brandsAction, requestTo("acme", "/storefront/admin/brands", { method: "POST", body, cookie: admin.cookie }), {})) as Response;
    expect(saved.headers.get("Location")).toBe("/storefront/admin/brands");
    try {
      expect((await storefrontConfigData.read(acme)).brandsOff).toEqual(["kindred-giving"]);
      const catalogue = await ((await call(catalogueLoader, requestTo("acme", "/storefront/gift-cards?category=giving", { cookie: sam.cookie }), {})) as Response).json();
      expect(catalogue.brands).toEqual([]);
      const hidden = (await call(amountLoader, requestTo("acme", "/storefront/gift-cards/kindred-giving", { cookie: sam.cookie }), { brand: "kindred-giving" })) as Response;
      expect(hidden.status).toBe(404);
      const refused = (await call(brandsAction, requestTo("acme", "/storefront/admin/brands", { method: "POST", body: new URLSearchParams(), cookie: sam.cookie }), {})) as Response;
      expect(refused.headers.get("Location")).toBe("/feed");
      expect((await storefrontConfigData.read(acme)).brandsOff).toEqual(["kindred-giving"]);
    } finally {
      await storefrontConfigData.replace(acme, { brandsOff: [], awardTypes: [] });
    }
  });

  it("tells the program managers once a day when the provider's account runs low", async () => {
    const low = { ...tenant, config: { ...tenant.config, features: { ...tenant.config.features, storefront: { ...tenant.config.features.storefront!, lowBalanceAlert: 2_000_000 } } } };
    const job = { id: "test", attempt: 1, data: {}, tenant: low, db: acme, log: testApp.app.log, app: testApp.app.services };
    await checkBalanceJob.run(job);
    await checkBalanceJob.run(job);
    const managers = await acme.selectFrom("employee").select("id").where("employee_type", "=", "PROGRAM_MANAGER").execute();
    await expect
      .poll(async () => (await acme.selectFrom("notification").select(["employee_id", "message"]).where("type", "=", "STOREFRONT_LOW_BALANCE").execute()).length, { timeout: 20_000 })
      .toBe(managers.length);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const notes = await acme.selectFrom("notification").select("message").where("type", "=", "STOREFRONT_LOW_BALANCE").execute();
    expect(notes.map((note) => note.message)).toEqual(managers.map(() => "The gift card account has $1,000,000.00 left: orders fail once it runs out."));
  });
});
