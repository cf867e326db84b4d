import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { safeRedirectPath } from "~/modules/auth/safe-redirect";
import { redirectWithToast } from "~/modules/shell/toast.server";
import type { CodeEntryResult } from "~/components/code-entry-form";
import { ActivateLotForm } from "../components/activate-lot-form";
import { requireLotsPermission } from "../guards.server";
import { parseActivateLot } from "../activation-form.server";
import { activationMessage, UNEXPECTED_ERROR } from "../activation";
import { activateLot } from "../service.server";

export const meta: MetaFunction = () => [{ title: "Activate Lot" }];

export async function loader(args: LoaderFunctionArgs) {
  await requireLotsPermission(args, "canActivateLots");
  return null;
}

export async function action(args: ActionFunctionArgs) {
  const { viewer } = await requireLotsPermission(args, "canActivateLots");
  const formData = await args.request.formData();
  const typed = String(formData.get("lotCode") ?? "").slice(0, 20);
  const submission = parseActivateLot(formData);
  if (submission.status !== "success") {
    return json<CodeEntryResult>({ value: typed, error: submission.error?.lotCode?.[0] ?? "Enter the 5-character lot code" }, { status: 400 });
  }
  const { lotCode, redirectTo } = submission.value;
  try {
    const result = await activateLot(args.context.db, viewer.employee.id, lotCode, args.context.tenant.config.program.timeZone);
    args.context.log.info({ event: "lot_activation", lotCode, status: result.status }, "lot activation");
    switch (result.status) {
      case "ACTIVATED":
        return redirectWithToast(args, safeRedirectPath(redirectTo, "/activate-lot"), {
          type: "success",
          message: activationMessage(result),
        });
      case "INSUFFICIENT_FUNDS":
        return redirect(`/activate-lot-error?${new URLSearchParams({ lot: lotCode })}`);
      default:
        return json<CodeEntryResult>({ value: typed, error: activationMessage(result) }, { status: 422 });
    }
  } catch (error) {
    args.context.log.error({ event: "lot_activation_failed", lotCode, err: error }, "lot activation failed");
    return json<CodeEntryResult>({ value: typed, error: `${UNEXPECTED_ERROR}please try again in a moment.` }, { status: 500 });
  }
}

export default function ActivateLotPage() {
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-md">
      <Card className="p-6">
        <h1 className="mb-1 text-xl font-semibold">Activate Lot</h1>
        <p className="mb-4 text-sm text-slate-700">
          Enter the 5-character lot code printed on the lot. Activating funds all of its codes from the program's points bucket.
        </p>
        <ActivateLotForm id="activate-lot-code" result={result} />
      </Card>
    </div>
  );
}
