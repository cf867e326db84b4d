import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Field } from "~/components/forms";
import { SettingsSection, SettingsHeader } from "~/components/program-settings";
import { Button } from "~/components/ui/button";
import { requireProgramManager } from "~/modules/auth/guards.server";
import { formatPoints } from "~/modules/points/accounts";
import { balanceOf, transfer } from "~/modules/points/ledger.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { BucketDepositSchema } from "~/modules/tenants/settings-form-schemas.server";
import { formConstraint } from "~/modules/forms/constraint.server";
import { useCheckedForm } from "~/utils/use-checked-form";

export const meta: MetaFunction = () => [{ title: "Points bucket | Program Settings" }];

export async function loader(args: LoaderFunctionArgs) {
  await requireProgramManager(args);
  return json({
    bucket: await balanceOf(args.context.db, { kind: "PROGRAM_BUCKET" }),
    // A fresh key per page view: a form posted twice (a double click, a retry) deposits once.
    depositKey: crypto.randomUUID(),
    constraint: formConstraint(BucketDepositSchema),
  });
}

export async function action(args: ActionFunctionArgs) {
  const viewer = await requireProgramManager(args);
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: BucketDepositSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { amount, reason } = submission.value;
  await transfer(args.context.db, {
    idempotencyKey: `bucket-deposit:${String(formData.get("depositKey")).slice(0, 100)}`,
    kind: "BUCKET_DEPOSIT",
    amount,
    reason,
    actorId: viewer.employee.id,
    to: { kind: "PROGRAM_BUCKET" },
  });
  args.context.log.info({ event: "bucket_deposit", amount }, "points added to the program bucket");
  return redirectWithToast(args, "/program-settings/points-bucket", { type: "success", message: `${formatPoints(amount)} points added to the program's bucket.` });
}

export default function PointsBucketPage() {
  const { bucket, depositKey, constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useCheckedForm<typeof BucketDepositSchema>("deposit", constraint, useActionData<typeof action>()?.result);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <SettingsHeader current="/program-settings/points-bucket" intro="The bucket funds discretionary grants and the features that issue points." />
      <SettingsSection title="Points bucket">
        <p className="mb-4 text-sm text-slate-700">
          It holds <strong>{formatPoints(bucket)}</strong> points.
        </p>
        <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-[10rem_1fr_auto] sm:items-start">
          <input type="hidden" name="depositKey" value={depositKey} />
          <Field label="Points to add" inputProps={getInputProps(fields.amount, { type: "number" })} errors={fields.amount.errors} />
          <Field label="Reason" inputProps={getInputProps(fields.reason, { type: "text" })} errors={fields.reason.errors} />
          <Button type="submit" className="sm:mt-6">
            Add points
          </Button>
        </Form>
      </SettingsSection>
    </div>
  );
}
