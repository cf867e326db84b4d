import { getFormProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { SelectField } from "~/components/forms";
import { SettingsHeader, SettingsSection } from "~/components/program-settings";
import { Button } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { requireProgramManager } from "~/modules/auth/guards.server";
import { formConstraint } from "~/modules/forms/constraint.server";
import { ReassignSchema } from "~/modules/points/request-schemas.server";
import { approversWithWaiting } from "~/modules/points/requests.server";
import { pendingApprovals } from "~/modules/shell/extension-points";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { useCheckedForm } from "~/utils/use-checked-form";

export const meta: MetaFunction = () => [{ title: "Approvers | Program Settings" }];

export async function loader(args: LoaderFunctionArgs) {
  await requireProgramManager(args);
  return json({ approvers: await approversWithWaiting(args.context.db), constraint: formConstraint(ReassignSchema) });
}

export async function action(args: ActionFunctionArgs) {
  const viewer = await requireProgramManager(args);
  const { app, tenant, db } = args.context;
  const approvers = await approversWithWaiting(db);
  const submission = parseWithZod(await args.request.formData(), {
    schema: ReassignSchema.superRefine((value, context) => {
      if (!approvers.some((approver) => approver.id === Number(value.from))) context.addIssue({ code: "custom", path: ["from"], message: "Choose the absent approver" });
      if (!approvers.some((approver) => approver.id === Number(value.to) && approver.canApprove)) context.addIssue({ code: "custom", path: ["to"], message: "Choose an active approver" });
    }),
  });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const fromId = Number(submission.value.from);
  const toId = Number(submission.value.to);
  let moved = 0;
  for (const { value } of app.registry.extensions(tenant.config, pendingApprovals)) {
    if (value.reassign) moved += await value.reassign({ app, tenant, db, fromId, toId, actorId: viewer.employee.id });
  }
  const name = (id: number) => approvers.find((approver) => approver.id === id)!.name;
  const message = moved === 0 ? `Nothing waited for ${name(fromId)} that ${name(toId)} may decide.` : `${moved} pending ${moved === 1 ? "request" : "requests"} passed from ${name(fromId)} to ${name(toId)}.`;
  return redirectWithToast(args, "/program-settings/approvers", { type: moved === 0 ? "info" : "success", message });
}

type Approver = SerializeFrom<typeof loader>["approvers"][number];

const columns: Column<Approver>[] = [
  { key: "name", header: "Approver", title: true, cell: (approver) => (approver.canApprove ? approver.name : `${approver.name} (no longer approves)`) },
  { key: "waiting", header: "Points requests waiting", numeric: true, cell: (approver) => approver.waiting },
];

export default function ApproversPage() {
  const { approvers, constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useCheckedForm<typeof ReassignSchema>("reassign", constraint, useActionData<typeof action>()?.result);
  const options = (list: readonly Approver[]) => list.map((approver) => ({ value: String(approver.id), label: approver.name }));
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <SettingsHeader current="/program-settings/approvers" intro="Who decides requests, and what waits for each: pass an absent approver's pending requests to another." />
      <SettingsSection title="Approvers">
        {approvers.length === 0 ? (
          <p className="text-sm text-slate-700">Nobody approves points requests yet: give someone the 'Approves discretionary points requests' permission in People.</p>
        ) : (
          <DataTable caption="Approvers" columns={columns} rows={approvers} rowKey={(approver) => approver.id} />
        )}
      </SettingsSection>
      <SettingsSection title="Pass pending requests to another approver">
        <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
          <SelectField label="From" props={getSelectProps(fields.from)} placeholder="Choose the absent approver" options={options(approvers)} errors={fields.from.errors} />
          <SelectField label="To" props={getSelectProps(fields.to)} placeholder="Choose who decides instead" options={options(approvers.filter((approver) => approver.canApprove))} errors={fields.to.errors} />
          <Button type="submit" className="sm:mt-6">
            Pass requests
          </Button>
        </Form>
      </SettingsSection>
    </div>
  );
}
