import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard, signInLayout } from "~/components/auth-card";
import { SmsCodeForm } from "~/components/sms-code-form";
import { SignOutForm } from "~/components/sign-out-form";
import { Button } from "~/components/ui/button";
import { getSession, getViewer, loginRedirectUrl, owesSecondFactor, type GuardArgs } from "~/modules/auth/guards.server";
import { safeRedirectPath } from "~/modules/auth/safe-redirect";
import { checkCode, sendCode, type CodeStepReply } from "~/modules/auth/two-factor/code-step.server";
import { openCode } from "~/modules/auth/two-factor/codes.server";
import { maskPhone, TWO_FACTOR_ERRORS, VERIFICATION_COMPLETE, VERIFICATION_REQUIRED } from "~/modules/auth/two-factor/rules";
import { phoneOf } from "~/modules/employees/service.server";
import { redirectWithToast } from "~/modules/shell/toast.server";

/** Shown without the shell, signed in or not. */
export const handle = signInLayout;

export const meta: MetaFunction = () => [{ title: "Verify it's you" }];

function reply({ error, typed, status }: CodeStepReply) {
  return json({ error, typed }, { status });
}

/** Only for a signed-in person who still owes the code; anyone else goes on to where they were going. */
async function requirePendingViewer(args: GuardArgs) {
  const viewer = await getViewer(args);
  if (!viewer) throw redirect(loginRedirectUrl(args.request));
  const redirectTo = safeRedirectPath(new URL(args.request.url).searchParams.get("redirectTo"));
  if (!(await owesSecondFactor(args, viewer))) throw redirect(redirectTo);
  const { phoneNumber } = await phoneOf(args.context.db, viewer.employee.id);
  return { viewer, redirectTo, phoneNumber };
}

export async function loader(args: LoaderFunctionArgs) {
  const { viewer, phoneNumber } = await requirePendingViewer(args);
  return json({
    phone: phoneNumber ? maskPhone(phoneNumber) : null,
    times: phoneNumber ? ((await openCode(args.context.db, viewer.employee.id, "SIGN_IN"))?.times ?? null) : null,
    serverNow: new Date().toISOString(),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { viewer, redirectTo, phoneNumber } = await requirePendingViewer(args);
  const { context, request } = args;
  if (!phoneNumber) return json({ error: TWO_FACTOR_ERRORS.NO_PHONE.message, typed: "" }, { status: 409 });
  const form = await request.formData();
  if (form.get("intent") === "send") {
    const refused = await sendCode(context, viewer.employee.id, "SIGN_IN", phoneNumber);
    if (refused) return reply(refused);
    // After a send, the page itself (a GET) shows the code form: reloading it never sends again.
    const here = new URL(request.url);
    return redirect(`${here.pathname}${here.search}`);
  }
  const checked = await checkCode(context, viewer.employee.id, "SIGN_IN", form);
  if (checked.reply) return reply(checked.reply);
  const session = await getSession(args);
  session.set("twoFactorVerified", true);
  context.log.info({ event: "two_factor_verified" }, "two-factor verification complete");
  const headers = new Headers({ "Set-Cookie": await context.app.devices.remember(request, context.tenant.programId, viewer.employee.id) });
  return redirectWithToast(args, redirectTo, { type: "success", message: VERIFICATION_COMPLETE }, { session, headers });
}

export default function TwoFactorPage() {
  const { phone, times, serverNow } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (!phone) {
    return (
      <AuthCard title={VERIFICATION_REQUIRED}>
        <p role="alert" className="mb-2 text-sm font-medium text-red-700">
          {TWO_FACTOR_ERRORS.NO_PHONE.message}
        </p>
        <p className="text-sm text-slate-700">
          Your program asks for a code sent to your mobile phone, and none is on file for you. Please contact HR to add your
          mobile number, then sign in again.
        </p>
        <SignOutForm />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verify it's you">
      {times ? (
        <>
          <p className="mb-4 text-sm text-slate-700">We sent a 6-digit code to {phone}. Enter it to finish signing in.</p>
          <SmsCodeForm times={times} error={answer?.error ?? null} typed={answer?.typed ?? ""} serverNow={serverNow} />
        </>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">To finish signing in, we'll text a 6-digit code to {phone}.</p>
          {answer?.error ? (
            <p role="alert" className="text-sm text-red-700">
              {answer.error}
            </p>
          ) : null}
          <input type="hidden" name="intent" value="send" />
          <Button type="submit">Send code</Button>
        </Form>
      )}
      <SignOutForm />
    </AuthCard>
  );
}
