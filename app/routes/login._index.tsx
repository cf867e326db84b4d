import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { ErrorList, Field } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { AuthCard, signInLayout } from "~/components/auth-card";
import { authenticateWithPassword } from "~/modules/auth/authenticator.server";
import { getSession, getViewer } from "~/modules/auth/guards.server";
import { findEmployeeBySignInName, recordSignIn } from "~/modules/employees/service.server";
import { tooManyAttempts } from "~/modules/limits/action-limiter.server";
import { LOGIN_CONSTRAINT } from "~/modules/auth/login-form";
import { parseLogin } from "~/modules/auth/login-schema.server";
import { safeRedirectPath } from "~/modules/auth/safe-redirect";
import { ssoApplies } from "~/modules/auth/saml/sso-applies";
import type { loader as rootLoader } from "~/root";

export const INVALID_CREDENTIALS = "The username or password is incorrect.";

/** A refused attempt's reply: never the password, and a fresh id so the password input starts empty again. */
function refuse(reply: SubmissionResult<string[]>, status: number, headers?: HeadersInit) {
  return json({ ...reply, attempt: crypto.randomUUID() }, { status, headers });
}

/** Shown without the shell, signed in or not. */
export const handle = signInLayout;

export const meta: MetaFunction = () => [{ title: "Sign in" }];

/** `?method=password` (where /login/non-sso leads) shows the password form to a program that signs in with SSO. */
export async function loader(args: LoaderFunctionArgs) {
  const query = new URL(args.request.url).searchParams;
  const redirectTo = query.get("redirectTo");
  if (await getViewer(args)) throw redirect(safeRedirectPath(redirectTo));
  const sso = ssoApplies(args.context.tenant.config);
  return json({
    redirectTo: redirectTo ? safeRedirectPath(redirectTo) : null,
    sso,
    showPasswordForm: !sso || query.get("method") === "password",
  });
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const submission = parseLogin(await request.clone().formData());
  if (submission.status !== "success") {
    return refuse(submission.reply({ hideFields: ["password"] }), 400);
  }
  const { username, redirectTo } = submission.value;
  const { programId } = context.tenant;
  const { loginLimiter, sessions, signInDevices } = context.app;

  // The allowance is taken before the password is checked, per account however the name was typed; a browser
  // this person signed in on before is not held by its address's limit.
  const account = await findEmployeeBySignInName(context.db, username);
  const trusted = account !== undefined && (await signInDevices.remembers(request, programId, account.id));
  const attempt = await loginLimiter.begin(programId, account ? { employeeId: account.id } : { unknownName: username }, context.clientAddress, { trusted });
  if (!attempt.allowed) {
    context.log.warn({ event: "login_rate_limited", username }, "sign-in rate limited");
    const reply = submission.reply({ formErrors: [tooManyAttempts(attempt.retryAfterSeconds)], hideFields: ["password"] });
    return refuse(reply, 429, { "Retry-After": String(attempt.retryAfterSeconds) });
  }

  const employeeId = await authenticateWithPassword(request, context);
  if (!employeeId) {
    context.log.info({ event: "login_failed", username }, "sign-in failed");
    return refuse(submission.reply({ formErrors: [INVALID_CREDENTIALS], hideFields: ["password"] }), 401);
  }

  await attempt.succeeded();
  await recordSignIn(context.db, employeeId);
  const session = await sessions.startFor(context.tenant, employeeId, await getSession(args));
  context.log.info({ event: "login_succeeded", employeeId }, "signed in");
  const headers = new Headers();
  headers.append("Set-Cookie", await sessions.commit(session, request));
  headers.append("Set-Cookie", await signInDevices.remember(request, programId, employeeId));
  return redirect(safeRedirectPath(redirectTo), { headers });
}

function withRedirect(path: string, redirectTo: string | null) {
  return redirectTo ? `${path}?${new URLSearchParams({ redirectTo })}` : path;
}

/** The way in for a program with single sign-on: a plain GET form, so it works without JavaScript. */
function SsoSignIn({ redirectTo, primary }: { redirectTo: string | null; primary: boolean }) {
  return (
    <Form method="get" action="/login/sso" reloadDocument>
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <Button type="submit" variant={primary ? "default" : "outline"} className="w-full">
        Sign in with your company account
      </Button>
    </Form>
  );
}

export default function LoginPage() {
  const { redirectTo, sso, showPasswordForm } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const navigation = useNavigation();
  // The server checks LoginSchema; the browser gets only its constraints, so the sign-in page ships without zod.
  const [form, fields] = useForm({ id: "login", lastResult, constraint: LOGIN_CONSTRAINT });

  return (
    <AuthCard title={`Sign in to ${root?.brand.name ?? "your program"}`}>
      {sso && !showPasswordForm ? (
        <div className="flex flex-col gap-4">
          <p className="text-center text-sm text-slate-700">This program signs you in with your company account.</p>
          <SsoSignIn redirectTo={redirectTo} primary />
          <Link
            to={withRedirect("/login/non-sso", redirectTo)}
            className="text-center text-sm text-brand underline-offset-2 hover:underline"
          >
            Sign in with a username and password
          </Link>
        </div>
      ) : (
        <>
          {sso ? (
            <div className="mb-6 border-b pb-6">
              <SsoSignIn redirectTo={redirectTo} primary={false} />
            </div>
          ) : null}
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
            <ErrorList id={form.errorId} errors={form.errors} />
            <Field
              label="Username or e-mail"
              inputProps={{ ...getInputProps(fields.username, { type: "text" }), autoComplete: "username", autoFocus: true }}
              errors={fields.username.errors}
            />
            <Field
              label="Password"
              inputProps={{
                ...getInputProps(fields.password, { type: "password" }),
                key: lastResult?.attempt ?? "password",
                autoComplete: "current-password",
              }}
              errors={fields.password.errors}
            />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? "Signing in…" : "Sign in"}
            </Button>
          </Form>
          <p className="mt-6 flex flex-col gap-1 text-center text-sm">
            <Link to="/login/reset" className="text-brand underline-offset-2 hover:underline">
              Forgot your password?
            </Link>
            <Link to="/login/register" className="text-brand underline-offset-2 hover:underline">
              First time here? Set up your account
            </Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
