import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList, RadioFieldset } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { refuseToFeed, requireViewer } from "~/modules/auth/guards.server";
import { formConstraint } from "~/modules/forms/constraint.server";
import { anniversaryChoices, birthdayChoices, PRIVACY_SAVED, recognitionChoices, visibilityChoices } from "~/modules/people/privacy";
import { onlyTheyChange, privacySchema, PrivacySchema, privacySections, savePrivacy, storedPrivacy } from "~/modules/people/privacy.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { useCheckedForm } from "~/utils/use-checked-form";

export const meta: MetaFunction = () => [{ title: "Privacy settings" }];

/** The spec's settings/privacy: where the program has employee preferences on (employeePreferencesEnabled). */
async function privacyAccess(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  if (!viewer.tenant.siteConfig.employeePreferencesEnabled) await refuseToFeed(args, "Privacy settings are not available in this program.");
  return { viewer, sections: privacySections(viewer, args.context.app) };
}

export async function loader(args: LoaderFunctionArgs) {
  const { viewer, sections } = await privacyAccess(args);
  const values = await storedPrivacy(args.context.db, viewer.employee.id);
  return json({ sections, values, readOnly: onlyTheyChange(viewer, "privacy settings"), constraint: formConstraint(PrivacySchema) });
}

export async function action(args: ActionFunctionArgs) {
  const { viewer, sections } = await privacyAccess(args);
  const refusal = onlyTheyChange(viewer, "privacy settings");
  if (refusal) return redirectWithToast(args, "/settings/privacy", { type: "error", message: refusal });
  const submission = parseWithZod(await args.request.formData(), { schema: privacySchema(sections) });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  await savePrivacy(args.context.db, viewer.employee.id, submission.value);
  args.context.log.info({ event: "privacy_saved", fields: Object.keys(submission.value) }, "privacy settings saved");
  return redirectWithToast(args, "/settings/privacy", { type: "success", message: PRIVACY_SAVED });
}

export default function PrivacySettingsPage() {
  const { sections, values, readOnly, constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useCheckedForm<typeof PrivacySchema>("privacy", constraint, useActionData<typeof action>(), values);
  const radios = (field: FieldMetadata<string>, legend: string, choices: readonly { value: string; label: string }[]) => (
    <RadioFieldset legend={legend} id={field.id} name={field.name} choices={choices} defaultValue={field.initialValue} errors={field.errors} />
  );
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <Card className="p-6">
        <h1 className="mb-1 text-xl font-semibold">Privacy</h1>
        <p className="mb-4 text-sm text-slate-700">How you are recognised, and who sees what about you.</p>
        {readOnly ? <p className="mb-4 text-sm text-slate-700">{readOnly}</p> : null}
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-5">
          <ErrorList id={form.errorId} errors={form.errors} />
          {radios(fields.publicRecognition, "When colleagues recognise you", recognitionChoices)}
          {radios(fields.myTimeline, "Who sees your timeline", visibilityChoices)}
          {sections.meIn3 ? radios(fields.meIn3, "Who sees your Me In 3", visibilityChoices) : null}
          {sections.myStuff ? radios(fields.myStuff, "Who sees your My Stuff", visibilityChoices) : null}
          {sections.birthday ? radios(fields.birthday, "Your birthday", birthdayChoices) : null}
          {sections.anniversary ? radios(fields.anniversary, "Your work anniversary", anniversaryChoices) : null}
          {sections.hideFromMomentsFeed ? (
            <label className="flex min-h-6 items-center gap-2">
              <input {...getInputProps(fields.hideFromMomentsFeed, { type: "checkbox" })} className="h-4 w-4 accent-brand" />
              Don't let colleagues mention me in Moments
            </label>
          ) : null}
          {sections.pushConsent ? (
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-1 font-medium">Push notifications</legend>
              <label className="flex min-h-6 items-start gap-2">
                <input {...getInputProps(fields.pushConsent, { type: "checkbox" })} className="mt-1 h-4 w-4 accent-brand" />
                Send my notifications to the browsers I turn them on in, through their push services
              </label>
              <p className="text-sm text-slate-700">Unticked, no browser receives them any more; turn them on again in Notification settings.</p>
            </fieldset>
          ) : null}
          <div>
            <Button type="submit" disabled={readOnly !== null}>
              Save
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
