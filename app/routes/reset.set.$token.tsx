import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard, signInLayout } from "~/components/auth-card";
import { ErrorList } from "~/components/forms";
import { PasswordFields } from "~/components/password-fields";
import { Button } from "~/components/ui/button";
import { getViewer } from "~/modules/auth/guards.server";
import { NewPasswordSchema } from "~/modules/auth/form-schemas.server";
import { isTokenValid, setPasswordWithToken } from "~/modules/auth/passwords.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { formConstraint } from "~/modules/forms/constraint.server";
import { useCheckedForm } from "~/utils/use-checked-form";

export const PASSWORD_SET = "Password has been set";
export const PASSWORD_SET_FAILED = "There was a problem setting your password";

/** Shown without the shell, signed in or not. */
export const handle = signInLayout;

export const meta: MetaFunction = () => [{ title: "Set your password" }];

/** The spec: the token is validated on load. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return json({ valid: await isTokenValid(context.db, params.token ?? ""), constraint: formConstraint(NewPasswordSchema) });
}

export async function action(args: ActionFunctionArgs) {
  const submission = parseWithZod(await args.request.formData(), { schema: NewPasswordSchema });
  if (submission.status !== "success") return json(submission.reply({ hideFields: ["newPassword", "confirmPassword"] }), { status: 400 });
  const set = await setPasswordWithToken(args.context.db, args.params.token ?? "", submission.value.newPassword);
  if (!set) return json(submission.reply({ formErrors: [PASSWORD_SET_FAILED], hideFields: ["newPassword", "confirmPassword"] }), { status: 422 });
  args.context.log.info({ event: "password_set_with_link" }, "password set from an e-mail link");
  // The spec goes to the root path; straight to where "/" leads, so no second redirect eats the message.
  const home = (await getViewer(args)) ? "/feed" : "/login";
  return redirectWithToast(args, home, { type: "success", message: PASSWORD_SET });
}

export default function SetPasswordPage() {
  const { valid, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useCheckedForm<typeof NewPasswordSchema>("set-password", constraint, lastResult);
  if (!valid) {
    return (
      <AuthCard title="This link has expired">
        <p className="mb-4 text-sm text-slate-700">This password link is invalid, expired, or has already been used. Ask for a new one.</p>
        <Link to="/login/reset" className="font-medium text-brand underline">
          Send a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose your password">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <ErrorList id={form.errorId} errors={form.errors} />
        <PasswordFields newPassword={fields.newPassword} confirmPassword={fields.confirmPassword} />
        <Button type="submit">Set password</Button>
      </Form>
    </AuthCard>
  );
}
