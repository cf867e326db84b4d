import { randomUUID } from "node:crypto";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorList, Field } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formConstraint } from "~/modules/forms/constraint.server";
import { useCheckedForm } from "~/utils/use-checked-form";
import { awardOrderSchema, itemForAward, requireAwardShopper } from "../awards/award-shop.server";
import { placeNewOrder } from "../checkout.server";
import { StorefrontStep } from "../components/storefront-step";
import { formatMoney } from "../pricing";

export const meta: MetaFunction = () => [{ title: "Redeem your award" }];

/** Page 5B: the award's value is the card's amount; the employee chooses a brand that sells it and where it goes. */
export async function loader(args: LoaderFunctionArgs) {
  const { viewer, award, currency, brands } = await requireAwardShopper(args);
  const employee = await args.context.db.selectFrom("employee").select("email").where("id", "=", viewer.employee.id).executeTakeFirstOrThrow();
  return json({
    award: { id: award.id, name: award.name, value: formatMoney(award.valueCents, currency) },
    brands: brands.map((brand) => ({ key: brand.key, name: brand.name, imageUrl: brand.imageUrl })),
    email: employee.email ?? "",
    orderKey: randomUUID(),
    constraint: formConstraint(awardOrderSchema(brands)),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { viewer, award, currency, provider, brands } = await requireAwardShopper(args);
  const submission = parseWithZod(await args.request.formData(), { schema: awardOrderSchema(brands) });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const { email, orderKey } = submission.value;
  const brand = brands.find((candidate) => candidate.key === submission.value.brand)!;
  const item = itemForAward(brand, award.valueCents, currency)!;
  const orderId = await placeNewOrder(args, viewer, { orderKey, provider: provider.id, brand, item, amountCents: award.valueCents, points: 0, email, awardId: award.id });
  return redirect(`/storefront/orders/${orderId}`);
}

export default function RedeemAwardPage() {
  const { award, brands, email, orderKey, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useCheckedForm<ReturnType<typeof awardOrderSchema>>("award-order", constraint, lastResult, { email });
  const brandErrorId = fields.brand.errors?.length ? `${fields.brand.id}-error` : undefined;
  return (
    <StorefrontStep title="Redeem your award" back={{ to: `/storefront/awards/${award.id}`, label: "Back to where to redeem" }}>
      <Card className="max-w-md">
        <p>
          Your <strong>{award.name}</strong> is worth <strong>{award.value}</strong>: choose a digital gift card of that value.
        </p>
      </Card>
      {brands.length === 0 ? (
        <p role="alert" className="text-red-700">
          No gift card of {award.value} is offered just now. Please try again later.
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <input type="hidden" name={fields.orderKey.name} value={orderKey} />
          <ErrorList errors={fields.orderKey.errors} />
          <fieldset className="flex flex-col gap-2" aria-describedby={brandErrorId}>
            <legend className="mb-1 text-sm font-medium">Gift card</legend>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {brands.map((brand) => (
                <li key={brand.key}>
                  <label className="flex items-center gap-3 rounded-md border border-slate-200 p-2 has-[:checked]:border-brand">
                    <input type="radio" name={fields.brand.name} value={brand.key} defaultChecked={fields.brand.initialValue === brand.key} className="h-4 w-4 accent-brand" />
                    <img src={brand.imageUrl} alt="" width={82} height={50} className="h-[50px] w-[82px] rounded object-cover" />
                    {brand.name}
                  </label>
                </li>
              ))}
            </ul>
            <ErrorList id={brandErrorId} errors={fields.brand.errors} />
          </fieldset>
          <div className="max-w-md">
            <Field label="Delivery email" inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} errors={fields.email.errors} />
          </div>
          <p className="text-sm text-slate-700">The card is e-mailed to this address and shown in your orders. Continue places the order with your award; no points are taken.</p>
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? "Placing your order..." : "Continue"}
            </Button>
          </div>
        </Form>
      )}
    </StorefrontStep>
  );
}
