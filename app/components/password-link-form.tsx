import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { Field } from "~/components/forms";
import { Button } from "~/components/ui/button";
import type { PasswordLinkSchema } from "~/modules/auth/form-schemas.server";
import { PASSWORD_LINK_SENT } from "~/modules/auth/password-link";
import type { passwordLinkAction, passwordLinkLoader } from "~/modules/auth/password-link.server";
import { useCheckedForm } from "~/utils/use-checked-form";

/** The page of /login/reset and /login/register: ask for a username or e-mail, send a link. */
export function PasswordLinkPage({ title, intro, submitLabel }: { title: string; intro: string; submitLabel: string }) {
  const { constraint } = useLoaderData<typeof passwordLinkLoader>();
  const actionData = useActionData<typeof passwordLinkAction>();
  const navigation = useNavigation();
  const [form, fields] = useCheckedForm<typeof PasswordLinkSchema>("password-link", constraint, actionData?.result);
  return (
    <AuthCard title={title}>
      {actionData?.sent ? (
        <p role="status" className="mb-4 rounded border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
          {PASSWORD_LINK_SENT}
        </p>
      ) : (
        <p className="mb-4 text-sm text-slate-700">{intro}</p>
      )}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <Field
          label="Username or e-mail"
          inputProps={{ ...getInputProps(fields.username, { type: "text" }), autoComplete: "username" }}
          errors={fields.username.errors}
        />
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {submitLabel}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="text-brand underline-offset-2 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
