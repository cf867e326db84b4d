import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import type { CodeEntryResult } from "~/components/code-entry-form";
import { RedeemCodeForm } from "~/components/codes/redeem-code-form";
import { Card } from "~/components/ui/card";
import { requirePermission, requireViewer } from "~/modules/auth/guards.server";
import { safeRedirectPath } from "~/modules/auth/safe-redirect";
import { CODE_EXPIRED, CODE_NOT_VALID, redeemedMessage } from "~/modules/codes/format";
import { parseRedeemCode } from "~/modules/codes/schema.server";
import { redeemCode } from "~/modules/codes/service.server";
import { redirectWithToast } from "~/modules/shell/toast.server";

export const meta: MetaFunction = () => [{ title: "Redeem a Code" }];

async function requireRedeemer(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  await requirePermission(args, viewer, "canRedeemCodes");
  return viewer;
}

export async function loader(args: LoaderFunctionArgs) {
  await requireRedeemer(args);
  return null;
}

export async function action(args: ActionFunctionArgs) {
  const viewer = await requireRedeemer(args);
  const formData = await args.request.formData();
  const typed = String(formData.get("code") ?? "").slice(0, 40);
  const submission = parseRedeemCode(formData);
  if (submission.status !== "success") {
    return json<CodeEntryResult>({ value: typed, error: CODE_NOT_VALID }, { status: 400 });
  }
  const result = await redeemCode(args.context.db, viewer.employee.id, submission.value.code);
  args.context.log.info({ event: "code_redeemed", status: result.status }, "code redeem attempt");
  if (result.status === "VALID") {
    return redirectWithToast(args, safeRedirectPath(submission.value.redirectTo, "/redeem"), {
      type: "success",
      message: redeemedMessage(result.codePoints),
    });
  }
  return json<CodeEntryResult>({ value: typed, error: result.status === "CODE_EXPIRED" ? CODE_EXPIRED : CODE_NOT_VALID }, { status: 422 });
}

export default function RedeemPage() {
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-md">
      <Card className="p-6">
        <h1 className="mb-1 text-xl font-semibold">Redeem a Code</h1>
        <p className="mb-4 text-sm text-slate-700">Enter the 10-character code from your card to add its points to your account.</p>
        <RedeemCodeForm id="redeem-code" result={result} />
      </Card>
    </div>
  );
}
