import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList, Field } from "~/components/forms";
import { PhoneOnFile } from "~/components/phone-on-file";
import { SmsCodeForm } from "~/components/sms-code-form";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { checkCode, sendCode } from "~/modules/auth/two-factor/code-step.server";
import { openCode } from "~/modules/auth/two-factor/codes.server";
import { formatPhone, phoneTypes } from "~/modules/auth/two-factor/rules";
import { PhoneSchema } from "~/modules/auth/two-factor/schemas";
import { phoneOf } from "~/modules/employees/service.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { formConstraint } from "~/modules/forms/constraint.server";
import { useCheckedForm } from "~/utils/use-checked-form";
import { requireOwnAccount } from "~/modules/auth/own-account.server";

export const meta: MetaFunction = () => [{ title: "Mobile phone" }];

export const PHONE_VERIFIED = "Your mobile number is verified.";
const typeLabels: Record<(typeof phoneTypes)[number], string> = { MOBILE: "Mobile", LANDLINE: "Landline", OTHER: "Other" };

export async function loader(args: LoaderFunctionArgs) {
  // The phone two-factor codes go to is the account's own: nobody acting on its behalf may see or change it here.
  const viewer = await requireOwnAccount(args);
  const db = args.context.db;
  const [current, pending] = await Promise.all([phoneOf(db, viewer.employee.id), openCode(db, viewer.employee.id, "PHONE")]);
  return json({
    current: current.phoneNumber ? { shown: formatPhone(current.phoneNumber), verified: current.verified } : null,
    pending: pending ? { shown: formatPhone(pending.phoneNumber), times: pending.times } : null,
    serverNow: new Date().toISOString(),
    constraint: formConstraint(PhoneSchema),
  });
}

/**
 * Phone verification (the spec requires a mobile number): a number is sent a
 * code, and only once that code comes back does it become the number
 * two-factor codes go to.
 */
export async function action(args: ActionFunctionArgs) {
  const viewer = await requireOwnAccount(args);
  const { context, request } = args;
  const db = context.db;
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "number") {
    const submission = parseWithZod(form, { schema: PhoneSchema });
    if (submission.status !== "success") return json({ phone: submission.reply(), code: null }, { status: 400 });
    const refused = await sendCode(context, viewer.employee.id, "PHONE", submission.value.phoneNumber);
    if (refused) return json({ phone: submission.reply({ formErrors: [refused.error] }), code: null }, { status: refused.status });
    return redirect("/settings/phone");
  }

  const pending = await openCode(db, viewer.employee.id, "PHONE");
  if (!pending) return redirect("/settings/phone");
  if (intent === "send") {
    const refused = await sendCode(context, viewer.employee.id, "PHONE", pending.phoneNumber);
    return refused ? json({ phone: null, code: refused }, { status: refused.status }) : redirect("/settings/phone");
  }
  const checked = await checkCode(context, viewer.employee.id, "PHONE", form);
  if (checked.reply) return json({ phone: null, code: checked.reply }, { status: checked.reply.status });
  await db
    .updateTable("employee")
    .set({ phone_number: checked.phoneNumber, phone_verified: true })
    .where("id", "=", viewer.employee.id)
    .execute();
  context.log.info({ event: "phone_verified" }, "mobile number verified");
  return redirectWithToast(args, "/settings/security", { type: "success", message: PHONE_VERIFIED });
}

export default function PhoneSettingsPage() {
  const { current, pending, serverNow, constraint } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [form, fields] = useCheckedForm<typeof PhoneSchema>("phone", constraint, reply?.phone ?? undefined, { type: "MOBILE" });

  return (
    <div className="mx-auto flex max-w-md flex-col gap-4">
      <Card className="p-6">
        <h1 className="mb-1 text-xl font-semibold">Mobile phone</h1>
        <PhoneOnFile phone={current} className="mb-4 text-sm text-slate-700" />
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="number" />
          <ErrorList id={form.errorId} errors={form.errors} />
          <Field
            label="Mobile number"
            inputProps={{ ...getInputProps(fields.phoneNumber, { type: "tel" }), autoComplete: "tel", placeholder: "+1 555 010 0123" }}
            errors={fields.phoneNumber.errors}
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={fields.type.id}>Kind of phone</Label>
            <select
              {...getSelectProps(fields.type)}
              className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
              aria-invalid={fields.type.errors ? true : undefined}
              aria-describedby={fields.type.errors ? `${fields.type.id}-error` : undefined}
            >
              {phoneTypes.map((type) => (
                <option key={type} value={type}>
                  {typeLabels[type]}
                </option>
              ))}
            </select>
            <ErrorList id={`${fields.type.id}-error`} errors={fields.type.errors} />
          </div>
          <Button type="submit">Send a code to this number</Button>
        </Form>
      </Card>
      {pending ? (
        <Card className="p-6">
          <h2 className="mb-1 text-lg font-semibold">Confirm {pending.shown}</h2>
          <p className="mb-4 text-sm text-slate-700">Enter the 6-digit code we texted to this number.</p>
          <SmsCodeForm times={pending.times} error={reply?.code?.error ?? null} typed={reply?.code?.typed ?? ""} serverNow={serverNow} />
        </Card>
      ) : null}
      <Link to="/settings/security" className="text-sm text-brand underline-offset-2 hover:underline">
        ← Security settings
      </Link>
    </div>
  );
}
