import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList, Field } from "~/components/forms";
import { PhoneOnFile } from "~/components/phone-on-file";
import { PasswordFields } from "~/components/password-fields";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { getSession, requireViewer } from "~/modules/auth/guards.server";
import { ChangePasswordSchema } from "~/modules/auth/form-schemas.server";
import { CURRENT_PASSWORD_INCORRECT } from "~/modules/auth/password-rules";
import { changePassword } from "~/modules/auth/passwords.server";
import { maskPhone } from "~/modules/auth/two-factor/rules";
import { phoneOf } from "~/modules/employees/service.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { formConstraint } from "~/modules/forms/constraint.server";
import { useCheckedForm } from "~/utils/use-checked-form";
import { tooManyAttempts } from "~/modules/limits/action-limiter.server";
import { ownAccountOnly, requireOwnAccount } from "~/modules/auth/own-account.server";
import { limitedPasswordCheck } from "~/modules/auth/password-check.server";

export const meta: MetaFunction = () => [{ title: "Security settings" }];

const hidden = { hideFields: ["currentPassword", "newPassword", "confirmPassword"] };

export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  const phone = await phoneOf(args.context.db, viewer.employee.id);
  return json({ phone: phone.phoneNumber ? { shown: maskPhone(phone.phoneNumber), verified: phone.verified } : null, readOnly: ownAccountOnly(viewer), constraint: formConstraint(ChangePasswordSchema) });
}

export async function action(args: ActionFunctionArgs) {
  const viewer = await requireOwnAccount(args);
  const submission = parseWithZod(await args.request.formData(), { schema: ChangePasswordSchema });
  if (submission.status !== "success") return json(submission.reply(hidden), { status: 400 });
  const { currentPassword, newPassword } = submission.value;
  const checked = await limitedPasswordCheck(
    args.context,
    viewer,
    () => changePassword(args.context.db, viewer.employee.id, currentPassword, newPassword),
    (result) => result !== "CURRENT_INCORRECT",
  );
  if (checked.limited) {
    return json(submission.reply({ ...hidden, fieldErrors: { currentPassword: [tooManyAttempts(checked.retryAfterSeconds, "password attempts")] } }), { status: 429 });
  }
  if (checked.result === "CURRENT_INCORRECT") {
    return json(submission.reply({ ...hidden, fieldErrors: { currentPassword: [CURRENT_PASSWORD_INCORRECT] } }), { status: 422 });
  }
  args.context.log.info({ event: "password_changed", forced: false }, "password changed");
  const session = await args.context.app.sessions.renew(await getSession(args));
  return redirectWithToast(args, "/settings/security", { type: "success", message: "Password changed successfully." }, { session });
}

export default function SecuritySettingsPage() {
  const { phone, readOnly, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useCheckedForm<typeof ChangePasswordSchema>("change-password", constraint, lastResult);
  if (readOnly) {
    return (
      <div className="mx-auto flex max-w-md flex-col gap-4">
        <Card className="p-6">
          <h1 className="mb-2 text-xl font-semibold">Security</h1>
          <p className="text-sm text-slate-700">{readOnly}</p>
          <PhoneOnFile phone={phone} className="mt-3 text-sm text-slate-700" />
        </Card>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-md flex-col gap-4">
      <Card className="p-6">
        <h2 className="mb-1 text-lg font-semibold">Mobile phone</h2>
        <PhoneOnFile phone={phone} className="mb-3 text-sm text-slate-700" />
        <Link to="/settings/phone" className="text-sm font-medium text-brand underline-offset-2 hover:underline">
          {phone ? "Change mobile number" : "Add a mobile number"}
        </Link>
      </Card>
      <Card className="p-6">
        <h1 className="mb-4 text-xl font-semibold">Change password</h1>
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <ErrorList id={form.errorId} errors={form.errors} />
          <Field
            label="Current password"
            inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
            errors={fields.currentPassword.errors}
          />
          <PasswordFields newPassword={fields.newPassword} confirmPassword={fields.confirmPassword} replacesCurrent />
          <Button type="submit">Change password</Button>
        </Form>
      </Card>
    </div>
  );
}
