import { randomUUID } from "node:crypto";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatPoints } from "~/modules/points/accounts";
import { requireViewer } from "~/modules/auth/guards.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { StorefrontStep } from "../components/storefront-step";
import { placeNewOrder } from "../checkout.server";
import type { NewOrder } from "../orders.server";
import { itemForAward } from "../awards/award-shop.server";
import { priceCard } from "../order-form.server";
import { ownOrder } from "../order-views.server";
import { formatMoney } from "../pricing";
import { openGiftCardStore, rateFor, requireGiftCardShopper } from "../shop.server";

/** Seconds between looks at an order the provider has not settled yet. */
const REFRESH_SECONDS = 3;

/** The page an order is on: the spec's 6 (Order Complete), ERROR, ERROR2, or waiting for the provider. */
function pageOf(order: { status: string; resubmitOf: number | null }) {
  if (order.status === "COMPLETE") return "COMPLETE";
  if (order.status === "FAILED") return order.resubmitOf ? "ERROR2" : "ERROR";
  return "PENDING";
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.page === "COMPLETE" ? "Order Complete" : data?.page === "PENDING" ? "Placing your order" : "Order failed" },
  ...(data?.page === "PENDING" ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) } as const] : []),
];

/** An order of the viewer's, with its card: shown to its owner only, and never kept by a cache. */
export async function loader(args: LoaderFunctionArgs) {
  // Its owner's, whether points or a service award paid for it.
  const viewer = await requireViewer(args);
  const order = await ownOrder(args.context.db, viewer.employee.id, args.params.orderId);
  return json({ order, page: pageOf(order), resubmitKey: randomUUID() }, { headers: { "Cache-Control": "private, no-store" } });
}

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store" });

/** Resubmit from ERROR: the same card again under a new key; if it no longer fits (points, catalogue) back to page 4. */
export async function action(args: ActionFunctionArgs) {
  const viewer = await requireViewer(args);
  const failed = await ownOrder(args.context.db, viewer.employee.id, args.params.orderId);
  const form = await args.request.formData();
  const key = String(form.get("orderKey") ?? "");
  if (failed.status !== "FAILED" || failed.resubmitOf || !/^[0-9a-f-]{36}$/.test(key)) return redirect(`/storefront/orders/${failed.id}`);
  const resubmit = async (order: Pick<NewOrder, "provider" | "brand" | "item" | "amountCents" | "points" | "awardId">) => {
    const orderId = await placeNewOrder(args, viewer, { ...order, orderKey: key, email: failed.email, resubmitOf: failed.id });
    return redirect(`/storefront/orders/${orderId}`);
  };
  if (failed.awardId !== null) {
    // An award's order is paid by the award again (open once more since the order failed), never by points.
    const { provider, catalogue } = await openGiftCardStore(args, viewer);
    const brand = catalogue.brands.find((candidate) => candidate.key === failed.brandKey);
    const item = brand && itemForAward(brand, failed.amountCents, failed.currency);
    if (!brand || !item) return redirectWithToast(args, `/service-award-redemption/${failed.awardId}`, { type: "error", message: "That card is no longer offered." });
    return resubmit({ provider: provider.id, brand, item, amountCents: failed.amountCents, points: 0, awardId: failed.awardId });
  }
  const { points, catalogue, provider } = await requireGiftCardShopper(args);
  const brand = catalogue.brands.find((candidate) => candidate.key === failed.brandKey);
  const amount = (failed.amountCents / 100).toFixed(2);
  const priced = brand ? priceCard(brand, amount, (currency) => rateFor(args, catalogue, currency), points) : null;
  if (!brand || !priced?.ok) {
    const to = brand ? `/storefront/gift-cards/${encodeURIComponent(brand.key)}?amount=${amount}` : "/storefront/gift-cards";
    return redirectWithToast(args, to, { type: "error", message: priced && !priced.ok ? priced.error : "That card is no longer offered." });
  }
  return resubmit({ provider: provider.id, brand, item: priced.card.item, amountCents: priced.card.amountCents, points: priced.card.points });
}

/** Looks again while the provider has not answered; without JavaScript the page's refresh header does. */
function useRefreshWhilePending(pending: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!pending || state !== "idle") return;
    const timer = setTimeout(revalidate, REFRESH_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [pending, state, revalidate]);
}

export default function OrderPage() {
  const { order, page, resubmitKey } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  useRefreshWhilePending(page === "PENDING");
  const amount = formatMoney(order.amountCents, order.currency);
  const summary = (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      <dt className="text-slate-700">Gift card</dt>
      <dd className="font-medium">{order.brandName}</dd>
      <dt className="text-slate-700">Amount</dt>
      <dd className="font-medium">{amount}</dd>
      <dt className="text-slate-700">Email</dt>
      <dd className="font-medium break-all">{order.email}</dd>
      <dt className="text-slate-700">{order.awardId === null ? "Points" : "Paid with"}</dt>
      <dd className="font-medium">{order.awardId === null ? formatPoints(order.points) : "Your service award"}</dd>
    </dl>
  );

  if (page === "PENDING") {
    return (
      <StorefrontStep title="Placing your order">
        <p role="status">We are placing your order with the gift card provider. This page updates by itself; the card also arrives by e-mail.</p>
        <Card className="max-w-md">{summary}</Card>
      </StorefrontStep>
    );
  }
  if (page === "ERROR") {
    return (
      <StorefrontStep title="Order failed">
        <p role="alert" className="text-lg">
          This is embarrassing... An error has occurred on our end. Please resubmit your order.
        </p>
        <Card className="max-w-md">{summary}</Card>
        <p className="text-sm text-slate-700">{order.awardId === null ? "Your points for this order are back in your points to spend." : "Your award is open to redeem again."}</p>
        <Form method="post" className="flex gap-3">
          <input type="hidden" name="orderKey" value={resubmitKey} />
          <Link to="/storefront" className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" disabled={busy}>
            Resubmit
          </Button>
        </Form>
      </StorefrontStep>
    );
  }
  if (page === "ERROR2") {
    return (
      <StorefrontStep title="Order failed">
        <p role="alert" className="text-lg">
          We could not place your order again. Please contact Customer Service;{" "}
          {order.awardId === null ? "your points are back in your points to spend." : "your award is open to redeem again."}
        </p>
        <Card className="max-w-md">{summary}</Card>
        <p>
          <Link to="/feed" className={buttonVariants()}>
            Close
          </Link>
        </p>
      </StorefrontStep>
    );
  }
  return (
    <StorefrontStep title="Order Complete">
      <p role="status">Your gift card is ready, and on its way to {order.email}.</p>
      <Card className="max-w-md">
        {summary}
        {order.credentials.length > 0 ? (
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-slate-200 pt-4">
            {order.credentials.map((credential) => (
              <div key={credential.label} className="contents">
                <dt className="text-slate-700">{credential.label}</dt>
                <dd className="font-mono font-semibold break-all">
                  {credential.kind === "url" ? (
                    <a href={credential.value} target="_blank" rel="noopener noreferrer" className="text-brand underline">
                      Open the card
                    </a>
                  ) : (
                    credential.value
                  )}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        {order.redemptionInstructions ? <p className="mt-3 text-sm text-slate-700">{order.redemptionInstructions}</p> : null}
      </Card>
      <div className="flex gap-3">
        <Link to="/storefront" className={buttonVariants()}>
          Redeem More
        </Link>
        <Link to="/feed" className={buttonVariants({ variant: "outline" })}>
          Close
        </Link>
      </div>
    </StorefrontStep>
  );
}
