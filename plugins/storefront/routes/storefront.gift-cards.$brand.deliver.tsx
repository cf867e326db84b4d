import { randomUUID } from "node:crypto";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorList, Field } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formConstraint } from "~/modules/forms/constraint.server";
import { formatPoints } from "~/modules/points/accounts";
import { useCheckedForm } from "~/utils/use-checked-form";
import { useFieldValue } from "~/utils/use-field-value";
import { useHydrated } from "~/utils/use-hydrated";
import { StorefrontStep } from "../components/storefront-step";
import { deliverySchema, priceCard } from "../order-form.server";
import { placeNewOrder } from "../checkout.server";
import { formatMoney } from "../pricing";
import { brandOf, rateFor, requireGiftCardShopper, spendValue } from "../shop.server";

/** Enough of an address to send: the server's check is the real one. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const meta: MetaFunction = () => [{ title: "Delivery email" }];

async function deliveryPage(args: LoaderFunctionArgs) {
  const shopper = await requireGiftCardShopper(args);
  const brand = brandOf(args, shopper.catalogue);
  const rateOf = (currency: string) => rateFor(args, shopper.catalogue, currency);
  return { ...shopper, brand, rateOf, schema: deliverySchema(brand, rateOf, shopper.points) };
}

/** Page 5A: where the card goes, with the order to confirm. An amount that no longer fits goes back to page 4. */
export async function loader(args: LoaderFunctionArgs) {
  const { viewer, points, brand, rateOf, schema } = await deliveryPage(args);
  const amount = new URL(args.request.url).searchParams.get("amount") ?? "";
  const priced = priceCard(brand, amount, rateOf, points);
  if (!priced.ok) throw redirect(`/storefront/gift-cards/${encodeURIComponent(brand.key)}?amount=${encodeURIComponent(amount.slice(0, 12))}`);
  const employee = await args.context.db.selectFrom("employee").select("email").where("id", "=", viewer.employee.id).executeTakeFirstOrThrow();
  return json({
    wallet: { points, spend: spendValue(args, points) },
    brand: { key: brand.key, name: brand.name },
    order: { amount: (priced.card.amountCents / 100).toFixed(2), money: formatMoney(priced.card.amountCents, priced.card.item.currency), points: priced.card.points },
    email: employee.email ?? "",
    orderKey: randomUUID(),
    constraint: formConstraint(schema),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { viewer, brand, schema, provider } = await deliveryPage(args);
  const submission = parseWithZod(await args.request.formData(), { schema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const { amount, email, orderKey } = submission.value;
  const orderId = await placeNewOrder(args, viewer, { orderKey, provider: provider.id, brand, item: amount.item, amountCents: amount.amountCents, points: amount.points, email });
  return redirect(`/storefront/orders/${orderId}`);
}

export default function DeliveryPage() {
  const { wallet, brand, order, email, orderKey, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useCheckedForm<ReturnType<typeof deliverySchema>>("gift-card-delivery", constraint, lastResult, { email });
  // With JavaScript, Continue waits for something address-like; the server checks it either way.
  const hydrated = useHydrated();
  const [typed, setTyped, emailField] = useFieldValue<HTMLInputElement>(String(fields.email.initialValue ?? email));
  const amountPage = `/storefront/gift-cards/${encodeURIComponent(brand.key)}?amount=${order.amount}`;
  return (
    <StorefrontStep title="Delivery email" wallet={wallet} back={{ to: amountPage, label: "Change the amount" }}>
      <Card className="max-w-md">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-slate-700">Gift card</dt>
          <dd className="font-medium">{brand.name}</dd>
          <dt className="text-slate-700">Amount</dt>
          <dd className="font-medium">{order.money}</dd>
          <dt className="text-slate-700">Points</dt>
          <dd className="font-medium">{formatPoints(order.points)}</dd>
        </dl>
      </Card>
      <Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-4">
        <input type="hidden" name={fields.amount.name} value={order.amount} />
        <input type="hidden" name={fields.orderKey.name} value={orderKey} />
        <ErrorList errors={[...(fields.amount.errors ?? []), ...(fields.orderKey.errors ?? [])]} />
        {fields.amount.errors?.length ? (
          <p>
            <Link to={amountPage} className="text-brand underline">
              Choose another amount
            </Link>
          </p>
        ) : null}
        <Field
          label="Delivery email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), ref: emailField, autoComplete: "email", onChange: (event) => setTyped(event.currentTarget.value) }}
          errors={fields.email.errors}
        />
        <p className="text-sm text-slate-700">
          The card is e-mailed to this address and shown in your orders. Continue places the order and takes {formatPoints(order.points)} points.
        </p>
        <div>
          <Button type="submit" disabled={busy || (hydrated && !LOOKS_LIKE_EMAIL.test(typed))}>
            {busy ? "Placing your order..." : "Continue"}
          </Button>
        </div>
      </Form>
    </StorefrontStep>
  );
}
