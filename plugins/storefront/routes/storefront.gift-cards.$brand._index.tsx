import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorList, Field } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { formConstraint } from "~/modules/forms/constraint.server";
import { useCheckedForm } from "~/utils/use-checked-form";
import { StorefrontStep } from "../components/storefront-step";
import { minimumOf } from "../gift-cards/catalogue";
import { amountSchema } from "../order-form.server";
import { formatMoney } from "../pricing";
import { brandOf, rateFor, requireGiftCardShopper, spendValue } from "../shop.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.brand.name}: Select Amount` : "Select Amount" }];

async function brandPage(args: LoaderFunctionArgs) {
  const shopper = await requireGiftCardShopper(args);
  const brand = brandOf(args, shopper.catalogue);
  const schema = amountSchema(brand, (currency) => rateFor(args, shopper.catalogue, currency), shopper.points);
  return { ...shopper, brand, schema };
}

/** Page 4, Select Amount: one of the brand's face values, or any amount in its range, that the shopper's points cover. */
export async function loader(args: LoaderFunctionArgs) {
  const { points, brand, schema } = await brandPage(args);
  const fixed = brand.items.flatMap((item) => (item.valueType === "FIXED_VALUE" ? [{ cents: item.faceValue, currency: item.currency }] : []));
  const ranges = brand.items.flatMap((item) => (item.valueType === "VARIABLE_VALUE" ? [{ min: item.minValue, max: item.maxValue, currency: item.currency }] : []));
  const minimum = Math.min(...brand.items.map(minimumOf));
  return json({
    wallet: { points, spend: spendValue(args, points) },
    brand: { key: brand.key, name: brand.name, description: brand.description, imageUrl: brand.imageUrl },
    fixed,
    ranges,
    minimum: { cents: minimum, currency: brand.items[0]!.currency },
    amount: new URL(args.request.url).searchParams.get("amount")?.slice(0, 12) ?? "",
    constraint: formConstraint(schema),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { brand, schema } = await brandPage(args);
  const submission = parseWithZod(await args.request.formData(), { schema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const amount = (submission.value.amount.amountCents / 100).toFixed(2);
  return redirect(`/storefront/gift-cards/${encodeURIComponent(brand.key)}/deliver?amount=${amount}`);
}

export default function SelectAmountPage() {
  const { wallet, brand, fixed, ranges, minimum, amount, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useCheckedForm<ReturnType<typeof amountSchema>>("gift-card-amount", constraint, lastResult, { amount });
  const errorId = fields.amount.errors?.length ? `${fields.amount.id}-error` : undefined;
  return (
    <StorefrontStep title="Select Amount" wallet={wallet} back={{ to: "/storefront/gift-cards", label: "Back to the brands" }}>
      <div className="flex flex-col gap-4 sm:flex-row">
        <img src={brand.imageUrl} alt="" width={326} height={200} className="aspect-[326/200] h-auto w-full max-w-xs rounded-md object-cover" />
        <div className="flex flex-col gap-2">
          <h2 className="text-xl font-semibold">{brand.name}</h2>
          <p className="text-slate-700">{brand.description}</p>
        </div>
      </div>
      <Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-4">
        {ranges.length === 0 ? (
          <fieldset className="flex flex-col gap-2" aria-describedby={errorId}>
            <legend className="mb-1 text-sm font-medium">Amount</legend>
            {fixed.map((value) => {
              const text = (value.cents / 100).toFixed(2);
              return (
                <label key={value.cents} className="flex items-center gap-2">
                  <input type="radio" name={fields.amount.name} value={text} defaultChecked={fields.amount.initialValue === text} className="h-4 w-4 accent-brand" />
                  {formatMoney(value.cents, value.currency)}
                </label>
              );
            })}
            <ErrorList id={errorId} errors={fields.amount.errors} />
          </fieldset>
        ) : (
          <>
            <Field label={`Amount (${minimum.currency})`} inputProps={{ ...getInputProps(fields.amount, { type: "text" }), inputMode: "decimal", autoComplete: "off" }} errors={fields.amount.errors} />
            <p className="text-sm text-slate-700">
              {ranges.map((range) => `From ${formatMoney(range.min, range.currency)} to ${formatMoney(range.max, range.currency)}`).join("; ")}
              {fixed.length ? `; or ${fixed.map((value) => formatMoney(value.cents, value.currency)).join(", ")}` : ""}.
            </p>
          </>
        )}
        <div>
          <Button type="submit" disabled={busy}>
            Continue
          </Button>
        </div>
      </Form>
    </StorefrontStep>
  );
}
