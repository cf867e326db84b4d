import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Field, SelectField } from "~/components/forms";
import { SettingsHeader, SettingsSection } from "~/components/program-settings";
import { Button } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { requireProgramManager } from "~/modules/auth/guards.server";
import { formConstraint } from "~/modules/forms/constraint.server";
import { formatPoints } from "~/modules/points/accounts";
import { AllowanceSchema, AllowanceSwitchSchema } from "~/modules/points/allowance-schemas.server";
import { allowancePeriodWords } from "~/modules/points/allowances";
import { createAllowance, listAllowances, switchAllowance } from "~/modules/points/allowances.server";
import { findEmployeeBySignInName } from "~/modules/employees/service.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { useCheckedForm } from "~/utils/use-checked-form";

export const meta: MetaFunction = () => [{ title: "Allowances | Program Settings" }];

export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireProgramManager(args);
  const db = args.context.db;
  const [allowances, groups] = await Promise.all([listAllowances(db), db.selectFrom("employee_group").select(["id", "name"]).orderBy("name").execute()]);
  return json({ accounting: viewer.tenant.program.pointsAccountingEnabled, allowances, groups, constraint: formConstraint(AllowanceSchema) });
}

export async function action(args: ActionFunctionArgs) {
  const viewer = await requireProgramManager(args);
  const { db, app } = args.context;
  const formData = await args.request.formData();
  if (formData.get("intent") !== "create") {
    const change = AllowanceSwitchSchema.safeParse(Object.fromEntries(formData));
    if (!change.success || !(await switchAllowance(db, Number(change.data.id), change.data.intent === "resume"))) throw new Response("Not found", { status: 404 });
    const message = change.data.intent === "resume" ? "The allowance was resumed." : "The allowance was paused: what it granted stays granted.";
    return redirectWithToast(args, "/program-settings/allowances", { type: "success", message });
  }
  const submission = await parseWithZod(formData, {
    schema: AllowanceSchema.transform(async (value, context) => {
      if (value.target === "group") {
        const group = await db.selectFrom("employee_group").select("id").where("id", "=", Number(value.group)).executeTakeFirst();
        if (!group) context.addIssue({ code: "custom", path: ["group"], message: "Choose a group" });
        return { ...value, to: { groupId: Number(value.group) } };
      }
      const person = await findEmployeeBySignInName(db, value.person!);
      if (!person) context.addIssue({ code: "custom", path: ["person"], message: "No active person in this program has that sign-in name or e-mail." });
      else if (person.id === viewer.employee.id) context.addIssue({ code: "custom", path: ["person"], message: "Nobody gives themselves points: another program manager sets your allowance." });
      return { ...value, to: { employeeId: person?.id ?? 0 } };
    }),
    async: true,
  });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { to, amount, period, expiresAfterDays } = submission.value;
  await createAllowance(app, db, { target: to, amount, period, expiresAfterDays: expiresAfterDays ?? null, createdBy: viewer.employee.id });
  return redirectWithToast(args, "/program-settings/allowances", { type: "success", message: "The allowance was saved: this period's points are being granted now." });
}

type Allowance = SerializeFrom<typeof loader>["allowances"][number];

const columns: Column<Allowance>[] = [
  { key: "to", header: "Given to", title: true, cell: (allowance) => allowance.to },
  { key: "amount", header: "Points", numeric: true, cell: (allowance) => formatPoints(allowance.amount) },
  { key: "period", header: "Every", cell: (allowance) => allowancePeriodWords[allowance.period].label },
  { key: "expiry", header: "Unused points", cell: (allowance) => (allowance.expiresAfterDays === null ? "Kept" : `Expire after ${allowance.expiresAfterDays} days`) },
  { key: "granted", header: "Granted / expired", numeric: true, cell: (allowance) => `${formatPoints(allowance.granted)} / ${formatPoints(allowance.expired)}` },
  {
    key: "state",
    header: "State",
    cell: (allowance) => (
      <Form method="post" className="flex items-center gap-2">
        <input type="hidden" name="id" value={allowance.id} />
        <span>{allowance.active ? "Active" : "Paused"}</span>
        <Button type="submit" name="intent" value={allowance.active ? "pause" : "resume"} variant="outline" size="sm" aria-label={`${allowance.active ? "Pause" : "Resume"} the allowance of ${allowance.to}`}>
          {allowance.active ? "Pause" : "Resume"}
        </Button>
      </Form>
    ),
  },
];

export default function AllowancesPage() {
  const { accounting, allowances, groups, constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useCheckedForm<typeof AllowanceSchema>("allowance", constraint, useActionData<typeof action>()?.result, { target: "person", period: "MONTHLY" });
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <SettingsHeader current="/program-settings/allowances" intro="Allowances give people points to give each month or quarter, from the program's bucket." />
      {!accounting ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Points accounting is off in this program: allowances are kept, and grant nothing until it is on.
        </p>
      ) : null}
      <SettingsSection title="Allowances">
        {allowances.length === 0 ? (
          <p className="text-sm text-slate-700">No allowances yet.</p>
        ) : (
          <DataTable caption="Allowances" columns={columns} rows={allowances} rowKey={(allowance) => allowance.id} />
        )}
      </SettingsSection>
      <SettingsSection title="New allowance">
        <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="create" />
          <fieldset className="flex flex-col gap-2 sm:col-span-2">
            <legend className="mb-1 text-sm font-medium">Given to</legend>
            <label className="flex items-center gap-2 text-sm">
              <input {...getInputProps(fields.target, { type: "radio", value: "person" })} /> One person
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input {...getInputProps(fields.target, { type: "radio", value: "group" })} /> Everyone in a group
            </label>
          </fieldset>
          <Field label="Person's sign-in name or e-mail" inputProps={getInputProps(fields.person, { type: "text" })} errors={fields.person.errors} />
          <SelectField label="Group" props={getSelectProps(fields.group)} placeholder="Choose a group" options={groups.map((group) => ({ value: String(group.id), label: group.name }))} errors={fields.group.errors} />
          <Field label="Points each period" inputProps={{ ...getInputProps(fields.amount, { type: "text" }), inputMode: "numeric", autoComplete: "off" }} errors={fields.amount.errors} />
          <SelectField
            label="Every"
            props={getSelectProps(fields.period)}
            options={Object.entries(allowancePeriodWords).map(([value, words]) => ({ value, label: words.every }))}
            errors={fields.period.errors}
          />
          <Field label="Unused points expire after (days, optional)" inputProps={{ ...getInputProps(fields.expiresAfterDays, { type: "text" }), inputMode: "numeric" }} errors={fields.expiresAfterDays.errors} />
          <Button type="submit" className="self-end justify-self-start">
            Save allowance
          </Button>
        </Form>
      </SettingsSection>
    </div>
  );
}
