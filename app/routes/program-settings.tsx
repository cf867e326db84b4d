import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList, Field, TextAreaField } from "~/components/forms";
import { useState } from "react";
import { ChangeHistory } from "~/components/change-history";
import { GuidePreview } from "~/components/guide/guide-preview";
import { Checkbox, PluginOptionFields, SettingsSection, SettingsHeader } from "~/components/program-settings";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { requireProgramManager, type GuardArgs } from "~/modules/auth/guards.server";
import { optionFields, readOptionFields } from "~/modules/plugins/settings-fields.server";
import { mergeDeep, nestDotted, valueAt } from "~/utils/dotted";
import { redirectWithToast } from "~/modules/shell/toast.server";
import type { TenantOverrides } from "~/modules/tenants/overrides";
import { noticeTypes } from "~/modules/tenants/notice-types";
import { ProgramSettingsSchema } from "~/modules/tenants/settings-form-schemas.server";
import { MAX_NOTICES, notificationSettingLabels, siteSettingLabels, siteSwitches, siteSwitchKeys, siteTexts } from "~/modules/tenants/settings-forms";
import type { SettingsProblem } from "~/modules/tenants/settings.server";
import { formConstraint } from "~/modules/forms/constraint.server";
import { fileTenantOf } from "~/modules/tenants/file-tenant.server";
import { useCheckedForm } from "~/utils/use-checked-form";

export const meta: MetaFunction = () => [{ title: "Program Settings" }];

const REMINDER_PLACEHOLDERS = "A reminder's text may name {program}, {days} (the login reminder's days) and {points} (the points left to give).";

/** Each enabled plugin's settings section: its option fields, typed by its option schema. */
function pluginSettingsOf({ context }: GuardArgs) {
  const { config } = context.tenant;
  return context.app.registry.settingsSections(config).map((section) => ({
    pluginId: section.pluginId,
    title: section.title,
    fields: optionFields(section.options, section.fields, config.features[section.pluginId] ?? {}),
  }));
}

export async function loader(args: LoaderFunctionArgs) {
  await requireProgramManager(args);
  const { config } = args.context.tenant;
  const { registry, tenantSettings } = args.context.app;
  const changes = await tenantSettings.changes(fileTenantOf(args), { plugins: registry.settingsLabels(), site: siteSettingLabels, notifications: notificationSettingLabels });
  return json({
    features: registry.plugins.map((plugin) => ({ id: plugin.id, title: plugin.title, description: plugin.description, enabled: config.features[plugin.id]?.enabled === true })),
    switches: siteSwitchKeys.map((key) => ({ key, ...siteSwitches[key], enabled: config.siteConfig[key] })),
    texts: { contactUsHeadlineText: config.siteConfig.contactUsHeadlineText, contactUsText: config.siteConfig.contactUsText, supportEmail: config.siteConfig.supportEmail, programInfoText: config.siteConfig.programInfoText },
    notifications: config.notifications,
    pluginSettings: pluginSettingsOf(args),
    notices: config.notices,
    changes,
    // The form is drawn afresh after each save (what was typed into "new notice" goes).
    version: changes[0]?.id ?? 0,
    constraint: formConstraint(ProgramSettingsSchema),
  });
}

/** Where the form shows a problem the merged tenant schema found: beside its field, or above the form. */
function fieldOfProblem(problem: SettingsProblem) {
  const feature = /^\$\.features\.([^.]+)\.(.+)$/.exec(problem.path);
  if (feature) return feature[2] === "enabled" ? `feature.${feature[1]}` : `option.${feature[1]}.${feature[2]}`;
  const site = /^\$\.siteConfig\.(.+)$/.exec(problem.path);
  if (site) return site[1]!;
  const notification = /^\$\.(notifications\..+)$/.exec(problem.path);
  if (notification) return notification[1]!;
  return problem.path.startsWith("$.notices") ? "newNotice.message" : "";
}

export async function action(args: ActionFunctionArgs) {
  const viewer = await requireProgramManager(args);
  const { tenantSettings, registry } = args.context.app;
  const { config } = args.context.tenant;
  const file = fileTenantOf(args);
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: ProgramSettingsSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { newNotice, removeNotice = [], notifications, ...texts } = submission.value;

  const notices = config.notices.filter((notice) => !removeNotice.includes(notice.id));
  if (newNotice?.message) {
    if (notices.length >= MAX_NOTICES) {
      return json({ result: submission.reply({ fieldErrors: { "newNotice.message": [`A program has at most ${MAX_NOTICES} notices.`] } }) }, { status: 400 });
    }
    notices.push({ id: `notice-${Date.now().toString(36)}`, type: newNotice.type, message: newNotice.message, closeable: newNotice.closeable ?? false });
  }
  const current = await tenantSettings.overridesOf(file.programId);
  const options = new Map(pluginSettingsOf(args).map((section) => [section.pluginId, readOptionFields(section.fields, formData, `option.${section.pluginId}.`)]));
  const next: TenantOverrides = {
    ...current,
    features: Object.fromEntries(
      registry.plugins.map((plugin) => [plugin.id, { ...mergeDeep(current.features?.[plugin.id] ?? {}, options.get(plugin.id) ?? {}), enabled: formData.get(`feature.${plugin.id}`) === "on" }]),
    ),
    siteConfig: { ...current.siteConfig, ...Object.fromEntries(siteSwitchKeys.map((key) => [key, formData.get(key) === "on"])), ...texts },
    notifications: {
      smsEnabled: notifications.smsEnabled === true,
      pushEnabled: notifications.pushEnabled === true,
      reminders: {
        login: { ...notifications.reminders.login, enabled: notifications.reminders.login.enabled === true },
        refill: { ...notifications.reminders.refill, enabled: notifications.reminders.refill.enabled === true },
        approvals: { ...notifications.reminders.approvals, enabled: notifications.reminders.approvals.enabled === true },
      },
    },
    notices,
  };

  const saved = await tenantSettings.save(file, next, { employeeId: viewer.employee.id, source: "settings" });
  if (!saved.ok) {
    const fieldErrors: Record<string, string[]> = {};
    for (const problem of saved.problems) (fieldErrors[fieldOfProblem(problem)] ??= []).push(problem.message);
    const { "": formErrors = [], ...rest } = fieldErrors;
    return json({ result: submission.reply({ formErrors, fieldErrors: rest }) }, { status: 400 });
  }
  args.context.log.info({ event: "program_settings_saved" }, "program settings saved");
  return redirectWithToast(args, "/program-settings", { type: "success", message: "Program settings saved." });
}

export default function ProgramSettingsPage() {
  const { features, switches, texts, notifications, pluginSettings, notices, changes, version, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result as SubmissionResult<string[]> | undefined;
  // The guide as typed, for its preview (null until it is changed).
  const [guide, setGuide] = useState<string | null>(null);
  const [form, fields] = useCheckedForm<typeof ProgramSettingsSchema>(`program-settings-${version}`, constraint, lastResult, {
    ...texts,
    notifications,
    newNotice: { type: "info", closeable: true },
    feature: Object.fromEntries(features.map((feature) => [feature.id, feature.enabled])),
    ...Object.fromEntries(switches.map((s) => [s.key, s.enabled])),
    option: Object.fromEntries(pluginSettings.map((section) => [section.pluginId, nestDotted(Object.fromEntries(section.fields.map((field) => [field.name, field.value])))])),
  } as never);
  const newNotice = fields.newNotice.getFieldset();
  const channels = fields.notifications.getFieldset();
  const reminders = channels.reminders.getFieldset();
  const login = reminders.login.getFieldset();
  const refill = reminders.refill.getFieldset();
  const approvals = reminders.approvals.getFieldset();
  const typed = (name: string) => valueAt(form.initialValue, name);
  const errorsOf = (name: string) => form.allErrors[name] ?? null;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <SettingsHeader current="/program-settings" intro="Changes apply to everyone in the program from their next page." />

      <Form key={version} method="post" {...getFormProps(form)} className="flex flex-col gap-6">
        <ErrorList id={form.errorId} errors={form.errors} />
        <SettingsSection title="Features">
          {features.map((feature) => (
            <Checkbox
              key={feature.id}
              name={`feature.${feature.id}`}
              label={feature.title}
              description={feature.description}
              defaultChecked={typed(`feature.${feature.id}`) === "on"}
            />
          ))}
        </SettingsSection>

        <SettingsSection title="Site settings">
          {switches.map((setting) => (
            <Checkbox key={setting.key} name={setting.key} label={setting.label} description={setting.help} defaultChecked={typed(setting.key) === "on"} />
          ))}
          <div className="mt-3 flex flex-col gap-4">
            <Field label={siteTexts.contactUsHeadlineText} inputProps={getInputProps(fields.contactUsHeadlineText, { type: "text" })} errors={fields.contactUsHeadlineText.errors} />
            <TextAreaField label={siteTexts.contactUsText} props={getTextareaProps(fields.contactUsText)} errors={fields.contactUsText.errors} />
            <Field label={siteTexts.supportEmail} inputProps={getInputProps(fields.supportEmail, { type: "email" })} errors={fields.supportEmail.errors} />
            <TextAreaField label={siteTexts.programInfoText} props={{ ...getTextareaProps(fields.programInfoText), rows: 8, onChange: (event) => setGuide(event.target.value) }} errors={fields.programInfoText.errors} />
            <GuidePreview text={guide} />
          </div>
        </SettingsSection>

        <SettingsSection title="Notifications">
          <Checkbox name={channels.smsEnabled.name} label={notificationSettingLabels.smsEnabled!} description="People may choose to get notifications by text message." defaultChecked={typed(channels.smsEnabled.name) === "on"} />
          <Checkbox
            name={channels.pushEnabled.name}
            label={notificationSettingLabels.pushEnabled!}
            description="People may choose push notifications in their browser (the server needs its VAPID keys)."
            defaultChecked={typed(channels.pushEnabled.name) === "on"}
          />
          <div className="mt-3 flex flex-col gap-3 border-t border-slate-200 pt-3">
            <Checkbox name={login.enabled.name} label={notificationSettingLabels["reminders.login.enabled"]!} description="Sent at 9:00 to people who have not signed in for a while." defaultChecked={typed(login.enabled.name) === "on"} />
            <Field label={notificationSettingLabels["reminders.login.afterDays"]!} inputProps={getInputProps(login.afterDays, { type: "text" })} errors={login.afterDays.errors} />
            <TextAreaField label={notificationSettingLabels["reminders.login.text"]!} props={getTextareaProps(login.text)} errors={login.text.errors} />
            <p className="text-xs text-slate-600">{REMINDER_PLACEHOLDERS}</p>
          </div>
          <div className="mt-3 flex flex-col gap-3 border-t border-slate-200 pt-3">
            <Checkbox name={refill.enabled.name} label={notificationSettingLabels["reminders.refill.enabled"]!} description="Sent at 9:00 on a day of each month to people with points to give." defaultChecked={typed(refill.enabled.name) === "on"} />
            <Field label={notificationSettingLabels["reminders.refill.dayOfMonth"]!} inputProps={getInputProps(refill.dayOfMonth, { type: "text" })} errors={refill.dayOfMonth.errors} />
            <TextAreaField label={notificationSettingLabels["reminders.refill.text"]!} props={getTextareaProps(refill.text)} errors={refill.text.errors} />
          </div>
          <div className="mt-3 flex flex-col gap-3 border-t border-slate-200 pt-3">
            <Checkbox
              name={approvals.enabled.name}
              label={notificationSettingLabels["reminders.approvals.enabled"]!}
              description="Sent at 9:00 to approvers whose points requests have waited, at most once in that many days."
              defaultChecked={typed(approvals.enabled.name) === "on"}
            />
            <Field label={notificationSettingLabels["reminders.approvals.afterDays"]!} inputProps={getInputProps(approvals.afterDays, { type: "text" })} errors={approvals.afterDays.errors} />
          </div>
        </SettingsSection>

        {pluginSettings.map((section) => (
          <SettingsSection key={section.pluginId} title={section.title}>
            <PluginOptionFields prefix={`option.${section.pluginId}.`} fields={section.fields} typed={typed} errorsOf={errorsOf} />
          </SettingsSection>
        ))}

        <SettingsSection title="Program notices">
          {notices.length === 0 ? <p className="mb-2 text-sm text-slate-700">No program notices.</p> : null}
          <ul className="mb-4 flex flex-col gap-2">
            {notices.map((notice) => (
              <li key={notice.id} className="flex flex-wrap items-start justify-between gap-3 rounded border border-slate-200 p-3 text-sm">
                <span>
                  <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs uppercase">{notice.type}</span>
                  {notice.message}
                  {notice.closeable ? <span className="text-slate-600"> (closeable)</span> : null}
                </span>
                <label className="flex items-center gap-2 whitespace-nowrap">
                  <input
                    type="checkbox"
                    name="removeNotice"
                    value={notice.id}
                    defaultChecked={([typed("removeNotice")].flat() as unknown[]).includes(notice.id)}
                    aria-label={`Remove notice: ${notice.message}`}
                    className="size-4 accent-[var(--color-brand)]"
                  />
                  Remove
                </label>
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-3">
            <TextAreaField label="New notice" props={getTextareaProps(newNotice.message)} errors={newNotice.message.errors} />
            <div className="flex flex-wrap items-end gap-4">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={newNotice.type.id}>Type</Label>
                <select
                  id={newNotice.type.id}
                  name={newNotice.type.name}
                  defaultValue={(newNotice.type.initialValue as string | undefined) ?? "info"}
                  className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
                >
                  {noticeTypes.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </select>
                <ErrorList errors={newNotice.type.errors} />
              </div>
              <Checkbox name={newNotice.closeable.name} label="Closeable" defaultChecked={newNotice.closeable.initialValue === "on"} />
            </div>
          </div>
        </SettingsSection>

        <div className="sticky bottom-0 -mx-2 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-2 py-3">
          <Button type="submit">Save changes</Button>
          <p className="text-sm text-slate-700">Saves every section on this page at once.</p>
        </div>
      </Form>

      <ChangeHistory changes={changes.map(({ changes: lines, ...change }) => ({ ...change, lines }))} empty="No changes saved in the app yet." />
    </div>
  );
}
