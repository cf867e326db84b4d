import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorList, Field, SelectField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { addressAction, addressSchema } from "~/modules/addresses/address-form.server";
import { addAddress, addressesOf, deleteAddress, MAX_ADDRESSES, setDefaultAddress, TooManyAddresses } from "~/modules/addresses/addresses.server";
import { countryList } from "~/modules/addresses/countries.server";
import { requirePermission, requireViewer, type GuardArgs } from "~/modules/auth/guards.server";
import { formConstraint } from "~/modules/forms/constraint.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { useCheckedForm } from "~/utils/use-checked-form";

export const meta: MetaFunction = () => [{ title: "Addresses" }];

/** The spec's settings guard canChangeAddress; while acting for someone, their addresses are shown, not changed. */
async function requireAddressOwner(args: GuardArgs) {
  const viewer = await requireViewer(args);
  await requirePermission(args, viewer, "canChangeAddress");
  return viewer;
}

const schemaFor = (args: GuardArgs) => addressSchema({ cityStateEnabled: args.context.tenant.config.siteConfig.cityStateEnabled });

export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireAddressOwner(args);
  return json({
    addresses: await addressesOf(args.context.db, viewer.employee.id),
    countries: countryList(),
    cityStateEnabled: args.context.tenant.config.siteConfig.cityStateEnabled,
    readOnly: viewer.delegation ? `You are acting on behalf of ${viewer.employee.displayName}: only they can change their addresses.` : null,
    constraint: formConstraint(schemaFor(args)),
  });
}

export async function action(args: ActionFunctionArgs) {
  const viewer = await requireAddressOwner(args);
  const back = (message: string, type: "success" | "error" = "success") => redirectWithToast(args, "/settings/addresses", { type, message });
  if (viewer.delegation) return back(`Only ${viewer.employee.displayName} can change their addresses.`, "error");
  const form = await args.request.formData();
  const chosen = addressAction.safeParse(Object.fromEntries(form));
  if (chosen.success) {
    const { intent, id } = chosen.data;
    const done = intent === "default" ? await setDefaultAddress(args.context.db, viewer.employee.id, id) : await deleteAddress(args.context.db, viewer.employee.id, id);
    if (!done) return back("That address is no longer there.", "error");
    return back(intent === "default" ? "Default address changed." : "Address deleted.");
  }
  const submission = parseWithZod(form, { schema: schemaFor(args) });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  try {
    await addAddress(args.context.db, viewer.employee.id, submission.value);
  } catch (error) {
    if (!(error instanceof TooManyAddresses)) throw error;
    return json(submission.reply({ formErrors: [`You can keep up to ${MAX_ADDRESSES} addresses: delete one first.`] }), { status: 400 });
  }
  return back("Address added.");
}

export default function AddressesPage() {
  const { addresses, countries, cityStateEnabled, readOnly, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useCheckedForm<ReturnType<typeof addressSchema>>("address", constraint, lastResult);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Addresses</h1>
      {readOnly ? <p className="text-slate-700">{readOnly}</p> : null}
      <Card>
        <CardTitle>Your addresses</CardTitle>
        {addresses.length === 0 ? (
          <p className="text-slate-700">No addresses yet. Stores that ship send to your default address.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200">
            {addresses.map((address) => (
              <li key={address.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <address className="not-italic">
                  {address.lines.map((line, index) => (
                    <span key={index} className={index === 0 ? "block font-medium" : "block"}>
                      {line}
                    </span>
                  ))}
                  {address.isDefault ? <strong className="mt-1 inline-block rounded bg-slate-100 px-2 py-0.5 text-xs">Default</strong> : null}
                </address>
                {readOnly ? null : (
                  <Form method="post" className="flex gap-2">
                    <input type="hidden" name="id" value={address.id} />
                    {address.isDefault ? null : (
                      <Button type="submit" name="intent" value="default" variant="outline" size="sm" disabled={busy} aria-label={`Make ${address.lines[1]} the default`}>
                        Set as default
                      </Button>
                    )}
                    <Button type="submit" name="intent" value="delete" variant="outline" size="sm" disabled={busy} aria-label={`Delete ${address.lines[1]}`}>
                      Delete
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {readOnly ? null : (
        <Card className="p-6">
          <CardTitle>Add an address</CardTitle>
          <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
            <ErrorList errors={form.errors} />
            <div className="sm:col-span-2">
              <Field label="Recipient's name" inputProps={{ ...getInputProps(fields.recipient, { type: "text" }), autoComplete: "name" }} errors={fields.recipient.errors} />
            </div>
            <div className="sm:col-span-2">
              <Field label="Street address" inputProps={{ ...getInputProps(fields.line1, { type: "text" }), autoComplete: "address-line1" }} errors={fields.line1.errors} />
            </div>
            <div className="sm:col-span-2">
              <Field label="Apartment, suite, etc. (optional)" inputProps={{ ...getInputProps(fields.line2, { type: "text" }), autoComplete: "address-line2" }} errors={fields.line2.errors} />
            </div>
            {cityStateEnabled ? (
              <>
                <Field label="City" inputProps={{ ...getInputProps(fields.city, { type: "text" }), autoComplete: "address-level2" }} errors={fields.city.errors} />
                <Field label="State or region (optional)" inputProps={{ ...getInputProps(fields.state, { type: "text" }), autoComplete: "address-level1" }} errors={fields.state.errors} />
              </>
            ) : null}
            <Field label="Postal code (optional)" inputProps={{ ...getInputProps(fields.postalCode, { type: "text" }), autoComplete: "postal-code" }} errors={fields.postalCode.errors} />
            <SelectField
              label="Country"
              props={{ ...getSelectProps(fields.country), autoComplete: "country" }}
              placeholder="Choose a country"
              options={countries.map((country) => ({ value: country.code, label: country.name }))}
              errors={fields.country.errors}
            />
            <div className="sm:col-span-2">
              <Button type="submit" disabled={busy}>
                Add address
              </Button>
            </div>
          </Form>
        </Card>
      )}
    </div>
  );
}
