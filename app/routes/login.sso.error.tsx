import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthCard, signInLayout } from "~/components/auth-card";
import { ssoFailureMessage } from "~/modules/auth/saml/failure";
import { ssoApplies } from "~/modules/auth/saml/sso-applies";

/** Shown without the shell, signed in or not. */
export const handle = signInLayout;

export const meta: MetaFunction = () => [{ title: "Sign-in problem" }];

export function loader({ request, context }: LoaderFunctionArgs) {
  return json({
    message: ssoFailureMessage(new URL(request.url).searchParams.get("reason")),
    canRetry: ssoApplies(context.tenant.config),
  });
}

export default function SsoErrorPage() {
  const { message, canRetry } = useLoaderData<typeof loader>();
  return (
    <AuthCard title="We couldn't sign you in">
      <p role="alert" className="mb-6 text-sm text-slate-700">
        {message}
      </p>
      <p className="flex flex-col gap-2 text-center text-sm">
        {canRetry ? (
          <Link to="/login/sso" reloadDocument className="font-medium text-brand underline-offset-2 hover:underline">
            Try single sign-on again
          </Link>
        ) : null}
        <Link to="/login/non-sso" className="text-brand underline-offset-2 hover:underline">
          Sign in with a username and password
        </Link>
      </p>
    </AuthCard>
  );
}
