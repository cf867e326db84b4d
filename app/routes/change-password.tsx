import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList } from "~/components/forms";
import { SignOutForm } from "~/components/sign-out-form";
import { PasswordFields } from "~/components/password-fields";
import { Button } from "~/components/ui/button";
import { getSession, getViewer, loginRedirectUrl, requireSecondFactor, type GuardArgs } from "~/modules/auth/guards.server";
import { NewPasswordSchema } from "~/modules/auth/form-schemas.server";
import { SAME_AS_CURRENT } from "~/modules/auth/password-rules";
import { forceChangePassword } from "~/modules/auth/passwords.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { formConstraint } from "~/modules/forms/constraint.server";
import { useCheckedForm } from "~/utils/use-checked-form";
import { AuthCard, signInLayout } from "~/components/auth-card";

export const PASSWORD_CHANGED = "Password changed successfully.";
export const PASSWORD_CHANGE_FAILED = "There was an error changing the password.";

/** Shown without the shell, signed in or not. */
export const handle = signInLayout;

export const meta: MetaFunction = () => [{ title: "Change your password" }];

/** The forced change: only while the account must change its password. */
async function requireForcedChange(args: GuardArgs) {
  const viewer = await getViewer(args);
  if (!viewer) throw redirect(loginRedirectUrl(args.request));
  await requireSecondFactor(args, viewer);
  if (!viewer.employee.mustChangePassword) throw redirect("/feed");
  return viewer;
}

export async function loader(args: LoaderFunctionArgs) {
  await requireForcedChange(args);
  return json({ constraint: formConstraint(NewPasswordSchema) });
}

export async function action(args: ActionFunctionArgs) {
  const viewer = await requireForcedChange(args);
  const submission = parseWithZod(await args.request.formData(), { schema: NewPasswordSchema });
  if (submission.status !== "success") return json(submission.reply({ hideFields: ["newPassword", "confirmPassword"] }), { status: 400 });
  const changed = await forceChangePassword(args.context.db, viewer.employee.id, submission.value.newPassword);
  if (changed === "SAME_AS_CURRENT") {
    return json(submission.reply({ fieldErrors: { newPassword: [SAME_AS_CURRENT] }, hideFields: ["newPassword", "confirmPassword"] }), { status: 422 });
  }
  if (changed === "NOT_REQUIRED") return json(submission.reply({ formErrors: [PASSWORD_CHANGE_FAILED], hideFields: ["newPassword", "confirmPassword"] }), { status: 422 });
  args.context.log.info({ event: "password_changed", forced: true }, "forced password change done");
  const session = await args.context.app.sessions.renew(await getSession(args));
  return redirectWithToast(args, "/feed", { type: "success", message: PASSWORD_CHANGED }, { session });
}

export default function ForcedChangePage() {
  const { constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useCheckedForm<typeof NewPasswordSchema>("forced-change", constraint, lastResult);
  return (
    <AuthCard title="Change your password">
      <p className="mb-4 text-sm text-slate-700">Your account needs a new password before you continue.</p>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <ErrorList id={form.errorId} errors={form.errors} />
        <PasswordFields newPassword={fields.newPassword} confirmPassword={fields.confirmPassword} replacesCurrent />
        <Button type="submit">Change password</Button>
      </Form>
      <SignOutForm />
    </AuthCard>
  );
}
