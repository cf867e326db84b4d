import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Field, SelectField, TextAreaField } from "~/components/forms";
import { LocalDate } from "~/components/local-date";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { findEmployeeBySignInName } from "~/modules/employees/service.server";
import { formConstraint } from "~/modules/forms/constraint.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { pageParam } from "~/utils/page-param";
import { useCheckedForm } from "~/utils/use-checked-form";
import { CelebrationSchema, LettersSchema } from "../admin-schemas.server";
import { celebrationsMade, createCelebration, defaultLetter, saveDefaultLetter } from "../celebrations.server";
import { celebrateDay } from "../daily.server";
import { requireCelebrationsAdmin } from "../guards.server";
import { storeLetter } from "../letters.server";

export const meta: MetaFunction = () => [{ title: "Celebrations" }];

const PAGE_SIZE = 20;
const THEME_NAMES = ["Gold", "Rose", "Violet", "Sky", "Emerald", "Orange"];

export async function loader(args: LoaderFunctionArgs) {
  const { app, db, options } = await requireCelebrationsAdmin(args);
  const page = pageParam(args.request);
  const [made, birthday, anniversary] = await Promise.all([celebrationsMade(db, page, PAGE_SIZE), defaultLetter(app, db, "BIRTHDAY"), defaultLetter(app, db, "ANNIVERSARY")]);
  return json({
    ...made,
    page,
    celebrationsOn: options.celebrations,
    letters: { birthday: birthday?.text ?? "", anniversary: anniversary?.text ?? "" },
    constraints: { celebration: formConstraint(CelebrationSchema), letters: formConstraint(LettersSchema) },
  });
}

export async function action(args: ActionFunctionArgs) {
  const { app, db, viewer, today } = await requireCelebrationsAdmin(args);
  const formData = await args.request.formData();
  if (formData.get("intent") === "today") {
    const recorded = await celebrateDay({ registry: app.registry, tenant: args.context.tenant, app }, db, today);
    const message = recorded === 0 ? "Today's milestones were all celebrated already." : `${recorded} more ${recorded === 1 ? "milestone was" : "milestones were"} celebrated today.`;
    return redirectWithToast(args, "/milestones/admin", { type: "success", message });
  }
  if (formData.get("intent") === "letters") {
    const submission = parseWithZod(formData, { schema: LettersSchema });
    if (submission.status !== "success") return json({ form: "letters" as const, result: submission.reply() }, { status: 400 });
    await saveDefaultLetter(app, db, "BIRTHDAY", submission.value.birthday ?? "", viewer.employee.id);
    await saveDefaultLetter(app, db, "ANNIVERSARY", submission.value.anniversary ?? "", viewer.employee.id);
    return redirectWithToast(args, "/milestones/admin", { type: "success", message: "The letters were saved: celebrations from now on carry them." });
  }
  const submission = await parseWithZod(formData, {
    schema: CelebrationSchema.transform(async (value, context) => {
      const person = await findEmployeeBySignInName(db, value.person);
      if (!person) context.addIssue({ code: "custom", path: ["person"], message: "No active person in this program has that sign-in name or e-mail." });
      return { ...value, employeeId: person?.id ?? 0 };
    }),
    async: true,
  });
  if (submission.status !== "success") return json({ form: "celebrate" as const, result: submission.reply() }, { status: 400 });
  const { employeeId, style, line1, line2, line3, line4, line5, letter } = submission.value;
  const letterAssetId = letter ? await storeLetter(app, db, letter, viewer.employee.id) : null;
  await createCelebration(db, { employeeId, style, lines: [line1, line2, line3, line4, line5].filter((line): line is string => Boolean(line)), letterAssetId, createdBy: viewer.employee.id });
  return redirectWithToast(args, "/milestones/admin", { type: "success", message: "The celebration was made: it shows on the person's feed until they close it." });
}

type Made = SerializeFrom<typeof loader>["celebrations"][number];

const columns: Column<Made>[] = [
  { key: "person", header: "For", title: true, cell: (made) => made.person },
  { key: "line", header: "First line", cell: (made) => made.firstLine },
  { key: "letter", header: "Letter", cell: (made) => (made.hasLetter ? "Yes" : "No") },
  { key: "state", header: "Seen", cell: (made) => (made.read ? "Closed" : "Showing") },
  { key: "created", header: "Made", cell: (made) => <LocalDate iso={made.created} /> },
];

export default function CelebrationsAdminPage() {
  const { celebrations, hasMore, page, celebrationsOn, letters, constraints } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [form, fields] = useCheckedForm<typeof CelebrationSchema>("celebration", constraints.celebration, reply?.form === "celebrate" ? reply.result : undefined, { style: "1" });
  const [lettersForm, letterFields] = useCheckedForm<typeof LettersSchema>("letters", constraints.letters, reply?.form === "letters" ? reply.result : undefined, letters);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">Celebrations</h1>
      <Card>
        <CardTitle>Today's milestones</CardTitle>
        <p className="mb-3 text-sm text-slate-700">
          Each day's milestones are celebrated at 09:00 in the program's time zone. A birthday or hire date entered later today is celebrated when you run the day again (what was celebrated already stays as it is).
        </p>
        <Form method="post">
          <Button type="submit" name="intent" value="today" variant="outline">
            Celebrate today's milestones now
          </Button>
        </Form>
      </Card>
      <Card>
        <CardTitle>New celebration</CardTitle>
        <p className="mb-3 text-sm text-slate-700">A banner on the person's feed until they close it: up to five lines, and a letter behind 'Click For More' when you write one (Markdown).</p>
        <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="celebrate" />
          <Field label="Person's sign-in name or e-mail" inputProps={getInputProps(fields.person, { type: "text" })} errors={fields.person.errors} />
          <SelectField label="Theme" props={getSelectProps(fields.style)} options={THEME_NAMES.map((name, index) => ({ value: String(index + 1), label: name }))} errors={fields.style.errors} />
          {([fields.line1, fields.line2, fields.line3, fields.line4, fields.line5] as const).map((field, index) => (
            <Field key={field.name} label={index === 0 ? "First line" : `Line ${index + 1} (optional)`} inputProps={getInputProps(field, { type: "text" })} errors={field.errors} />
          ))}
          <div className="sm:col-span-2">
            <TextAreaField label="Letter (Markdown, optional)" props={{ ...getTextareaProps(fields.letter), rows: 6 }} errors={fields.letter.errors} />
          </div>
          <Button type="submit" className="justify-self-start">
            Make the celebration
          </Button>
        </Form>
      </Card>
      <Card>
        <CardTitle>Default letters</CardTitle>
        <p className="mb-3 text-sm text-slate-700">
          {celebrationsOn
            ? "Each birthday's and work anniversary's celebration carries the letter of its kind (Markdown). Leave one empty to send none."
            : "Personal celebrations for birthdays and anniversaries are off in this program's milestone settings; these letters wait until they are on."}
        </p>
        <Form method="post" {...getFormProps(lettersForm)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="letters" />
          <TextAreaField label="Birthday letter" props={{ ...getTextareaProps(letterFields.birthday), rows: 6 }} errors={letterFields.birthday.errors} />
          <TextAreaField label="Work anniversary letter" props={{ ...getTextareaProps(letterFields.anniversary), rows: 6 }} errors={letterFields.anniversary.errors} />
          <Button type="submit" className="self-start">
            Save the letters
          </Button>
        </Form>
      </Card>
      <Card>
        <CardTitle>Celebrations made</CardTitle>
        {celebrations.length === 0 ? <p className="text-sm text-slate-700">No one has made a celebration yet.</p> : <DataTable caption="Celebrations made" columns={columns} rows={celebrations} rowKey={(made) => made.id} />}
        <Pager page={page} hasMore={hasMore} />
      </Card>
    </div>
  );
}
