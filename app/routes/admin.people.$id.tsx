import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList, Field, SelectField } from "~/components/forms";
import { ChangeHistory } from "~/components/change-history";
import { LocalDate } from "~/components/local-date";
import { PeopleAdminHeader } from "~/components/people/people-admin-header";
import { SettingsSection } from "~/components/program-settings";
import { Button } from "~/components/ui/button";
import { employeeTypes, type EmployeeType } from "~/modules/employees/permissions";
import { formConstraint } from "~/modules/forms/constraint.server";
import { personChanges, personForAdmin, savePerson, setActive } from "~/modules/people/admin.server";
import { requirePeopleManager } from "~/modules/people/admin-guard.server";
import { editablePermissions, permissionFlagsOf } from "~/modules/people/permission-flags";
import { MONTHS } from "~/modules/people/people-admin";
import { PersonFormSchema } from "~/modules/people/person-form.server";
import { describePersonChange } from "~/modules/people/person-history";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { rowId } from "~/utils/row-id";
import { useCheckedForm } from "~/utils/use-checked-form";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.person.displayName} | People` : "People" }];

const ACCOUNT_LABELS: Record<EmployeeType, string> = { EMPLOYEE: "Employee", PROGRAM_MANAGER: "Program manager" };

async function personOf(args: LoaderFunctionArgs) {
  const id = rowId(args.params.id);
  const person = id ? await personForAdmin(args.context.db, id) : null;
  if (!person) throw new Response("Not found", { status: 404 });
  return person;
}

export async function loader(args: LoaderFunctionArgs) {
  await requirePeopleManager(args);
  const person = await personOf(args);
  const { registry } = args.context.app;
  const flags = permissionFlagsOf(registry);
  const changes = await personChanges(args.context.db, person.id);
  const sections = editablePermissions(registry, args.context.tenant.config);
  return json({
    person: { ...person, permissions: Object.fromEntries(sections.flatMap((section) => section.flags).map((flag) => [flag.name, person.permissions[flag.name] ?? flag.default])) },
    sections,
    changes: changes.map((change) => ({
      id: change.id,
      by: change.byName ?? (change.source === "import" ? "People import" : "Unknown"),
      at: change.changedAt.toISOString(),
      lines: describePersonChange(change.before, change.after, flags),
    })),
    accounts: employeeTypes.map((type) => ({ value: type, label: ACCOUNT_LABELS[type] })),
    constraint: formConstraint(PersonFormSchema),
  });
}

export async function action(args: ActionFunctionArgs) {
  const viewer = await requirePeopleManager(args);
  const person = await personOf(args);
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  const by = { employeeId: viewer.employee.id, source: "people" as const };
  if (intent === "deactivate" || intent === "reactivate") {
    const done = await setActive(args.context.db, person.id, intent === "reactivate", by);
    if (!done.ok) return json({ result: null, statusError: done.message }, { status: 400 });
    args.context.log.info({ event: intent === "deactivate" ? "person_deactivated" : "person_reactivated", personId: person.id }, "person's status changed");
    const message = intent === "deactivate" ? `${person.displayName} is deactivated: they can no longer sign in.` : `${person.displayName} is active again.`;
    return redirectWithToast(args, `/admin/people/${person.id}`, { type: "success", message });
  }
  const submission = parseWithZod(formData, { schema: PersonFormSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), statusError: null }, { status: 400 });
  const flags = editablePermissions(args.context.app.registry, args.context.tenant.config).flatMap((section) => section.flags.map((flag) => flag.name));
  const saved = await savePerson(args.context.db, person.id, submission.value, { by: viewer.employee.id, flags });
  if (!saved.ok) return json({ result: submission.reply({ fieldErrors: saved.fieldErrors as Record<string, string[]> }), statusError: null }, { status: 400 });
  args.context.log.info({ event: "person_saved", personId: person.id }, "person saved");
  return redirectWithToast(args, `/admin/people/${person.id}`, { type: "success", message: `${submission.value.displayName} saved.` });
}

/** Checkboxes sharing one name (groups, segments, permissions), in a fieldset with its errors. */
function CheckboxList({ legend, name, items, checked, errors }: { legend: string; name: string; items: { value: string; label: string }[]; checked: (value: string) => boolean; errors?: string[] | null }) {
  return (
    <fieldset className="flex flex-col">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {items.length === 0 ? <p className="text-sm text-slate-700">None in the program.</p> : null}
      {items.map((item) => (
        <label key={item.value} className="flex items-center gap-3 py-1 text-sm">
          <input type="checkbox" name={name} value={item.value} defaultChecked={checked(item.value)} className="size-4 accent-[var(--color-brand)]" />
          {item.label}
        </label>
      ))}
      <ErrorList errors={errors} />
    </fieldset>
  );
}

export default function PersonAdminPage() {
  const { person, sections, changes, accounts, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.result as SubmissionResult<string[]> | undefined;
  const [form, fields] = useCheckedForm<typeof PersonFormSchema>(`person-${person.id}-${changes[0]?.id ?? 0}`, constraint, lastResult, {
    firstName: person.firstName,
    lastName: person.lastName,
    displayName: person.displayName,
    email: person.email ?? "",
    jobTitle: person.jobTitle ?? "",
    department: person.department ?? "",
    employeeCode: person.employeeCode ?? "",
    employeeType: person.employeeType as EmployeeType,
    manager: person.managerLoginId ?? "",
    hireDate: person.hireDate ?? "",
    birthMonth: person.birthMonth ? String(person.birthMonth) : "",
    birthDay: person.birthDay ? String(person.birthDay) : "",
    groups: person.groupIds.map(String),
    segments: person.segmentIds.map(String),
    permissions: Object.entries(person.permissions).filter(([, on]) => on).map(([name]) => name),
  } as never);
  const typedList = (name: string) => [form.initialValue?.[name as keyof typeof form.initialValue]].flat().filter(Boolean).map(String);
  const typedValue = (name: string) => String(form.initialValue?.[name as keyof typeof form.initialValue] ?? "");

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PeopleAdminHeader title={person.displayName}>
        Username {person.loginId}
        {person.active ? null : (
          <>
            {". "}
            <strong>Deactivated</strong>
            {person.deactivatedAt ? (
              <>
                {" "}
                on <LocalDate iso={person.deactivatedAt} />
              </>
            ) : null}
            : they cannot sign in, and nothing is sent to them.
          </>
        )}
      </PeopleAdminHeader>

      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
        <input type="hidden" name="intent" value="save" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SettingsSection title="Details">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" inputProps={getInputProps(fields.firstName, { type: "text" })} errors={fields.firstName.errors} />
            <Field label="Last name" inputProps={getInputProps(fields.lastName, { type: "text" })} errors={fields.lastName.errors} />
            <Field label="Display name" inputProps={getInputProps(fields.displayName, { type: "text" })} errors={fields.displayName.errors} />
            <Field label="E-mail" inputProps={getInputProps(fields.email, { type: "email" })} errors={fields.email.errors} />
            <Field label="Job title" inputProps={getInputProps(fields.jobTitle, { type: "text" })} errors={fields.jobTitle.errors} />
            <Field label="Department" inputProps={getInputProps(fields.department, { type: "text" })} errors={fields.department.errors} />
            <Field label="Employee code" inputProps={getInputProps(fields.employeeCode, { type: "text" })} errors={fields.employeeCode.errors} />
            <Field label="Manager's username or employee code" inputProps={getInputProps(fields.manager, { type: "text" })} errors={fields.manager.errors} />
            <SelectField label="Account" props={{ id: fields.employeeType.id, name: fields.employeeType.name, defaultValue: typedValue(fields.employeeType.name) }} errors={fields.employeeType.errors} options={accounts} />
          </div>
        </SettingsSection>

        <SettingsSection title="Dates">
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Hire date" inputProps={getInputProps(fields.hireDate, { type: "date" })} errors={fields.hireDate.errors} />
            <SelectField label="Birthday month" props={{ id: fields.birthMonth.id, name: fields.birthMonth.name, defaultValue: typedValue(fields.birthMonth.name) }} errors={fields.birthMonth.errors} placeholder="Not given" options={MONTHS.map((month, index) => ({ value: String(index + 1), label: month }))} />
            <SelectField label="Birthday day" props={{ id: fields.birthDay.id, name: fields.birthDay.name, defaultValue: typedValue(fields.birthDay.name) }} errors={fields.birthDay.errors} placeholder="Not given" options={Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }))} />
          </div>
          <p className="mt-2 text-xs text-slate-600">A birthday is a month and a day: its year is never asked for, nor shown.</p>
        </SettingsSection>

        <SettingsSection title="Groups and segments">
          <div className="grid gap-6 sm:grid-cols-2">
            {[
              { legend: "Groups", field: fields.groups, items: person.groups },
              { legend: "Segments", field: fields.segments, items: person.segments },
            ].map(({ legend, field, items }) => (
              <CheckboxList
                key={legend}
                legend={legend}
                name={field.name}
                items={items.map((item) => ({ value: String(item.id), label: item.name }))}
                checked={(value) => typedList(field.name).includes(value)}
                errors={field.errors}
              />
            ))}
          </div>
        </SettingsSection>

        <SettingsSection title="Permissions">
          <div className="flex flex-col gap-4">
            {sections.map((section) => (
              <CheckboxList
                key={section.title}
                legend={section.title}
                name={fields.permissions.name}
                items={section.flags.map((flag) => ({ value: flag.name, label: flag.label }))}
                checked={(value) => typedList(fields.permissions.name).includes(value)}
              />
            ))}
          </div>
        </SettingsSection>

        <div className="sticky bottom-0 -mx-2 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-2 py-3">
          <Button type="submit">Save changes</Button>
        </div>
      </Form>

      <SettingsSection title={person.active ? "Leaving" : "Coming back"}>
        <Form method="post" className="flex flex-wrap items-center gap-3">
          <p className="flex-1 text-sm text-slate-700">
            {person.active
              ? "Deactivate someone who left: they keep their history, and can no longer sign in or be sent anything."
              : "Activate them again to let them sign in with their password or company account."}
          </p>
          <Button type="submit" name="intent" value={person.active ? "deactivate" : "reactivate"} variant="outline">
            {person.active ? "Deactivate" : "Activate again"}
          </Button>
          <ErrorList errors={actionData?.statusError ? [actionData.statusError] : null} />
        </Form>
      </SettingsSection>

      <ChangeHistory changes={changes} empty="No changes made in the app yet." />
    </div>
  );
}
