import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorList, Field, TextAreaField } from "~/components/forms";
import { LocalDate } from "~/components/local-date";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { programDb, requireProgramManager, type GuardArgs } from "~/modules/auth/guards.server";
import { optionFields, readOptionFields, type OptionField } from "~/modules/plugins/settings-fields.server";
import { formatPoints } from "~/modules/points/accounts";
import { balanceOf, transfer } from "~/modules/points/ledger.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { editableSiteFlags, type TenantOverrides } from "~/modules/tenants/overrides";
import { noticeTypes } from "~/modules/tenants/schema";
import { AddNoticeSchema, BucketDepositSchema, flagLabels, SiteTextsSchema } from "~/modules/tenants/settings-forms";
import { useZodForm } from "~/utils/use-zod-form";

export const meta: MetaFunction = () => [{ title: "Program Settings" }];

function fileTenantOf({ context }: GuardArgs) {
  return context.app.tenants.get(context.tenant.config.subdomain)!;
}

export async function loader(args: LoaderFunctionArgs) {
  await requireProgramManager(args);
  const { config, programId } = args.context.tenant;
  const { registry, tenantSettings } = args.context.app;
  return json({
    features: registry.plugins.map((plugin) => ({
      id: plugin.id,
      title: plugin.title,
      description: plugin.description,
      enabled: config.features[plugin.id]?.enabled === true,
    })),
    flags: editableSiteFlags.map((flag) => ({ flag, label: flagLabels[flag], enabled: config.siteConfig[flag] })),
    texts: {
      programInfoText: config.siteConfig.programInfoText,
      contactUsHeadlineText: config.siteConfig.contactUsHeadlineText,
      contactUsText: config.siteConfig.contactUsText,
      welcomeHeadlineText: config.siteConfig.welcomeHeadlineText,
      welcomeText: config.siteConfig.welcomeText,
      welcomePostExpirationDays: config.siteConfig.welcomePostExpirationDays,
    },
    pluginSettings: pluginSettingsOf(args.context.app.registry, config),
    notices: config.notices,
    changes: await tenantSettings.changes(programId),
    bucket: await balanceOf(programDb(args.context), { kind: "PROGRAM_BUCKET" }),
    // A fresh key per page view: a form posted twice (a double click, a retry) deposits once.
    depositKey: crypto.randomUUID(),
  });
}

/** Each enabled plugin's settings section: its option fields, typed by its option schema. */
function pluginSettingsOf(registry: GuardArgs["context"]["app"]["registry"], config: GuardArgs["context"]["tenant"]["config"]) {
  return registry.settingsSections(config).map((section) => ({
    pluginId: section.pluginId,
    title: section.title,
    fields: optionFields(section.options, section.fields, config.features[section.pluginId] ?? {}),
  }));
}

type Intent = "features" | "flags" | "texts" | "add-notice" | "remove-notice" | "deposit" | `plugin:${string}`;
type ActionResult = { intent: Intent; result: SubmissionResult<string[]> };

export async function action(args: ActionFunctionArgs) {
  const viewer = await requireProgramManager(args);
  const { tenantSettings, registry } = args.context.app;
  const file = fileTenantOf(args);
  const formData = await args.request.formData();
  const intent = String(formData.get("intent")) as Intent;
  const current = await tenantSettings.overridesOf(file.programId);
  const { config } = args.context.tenant;

  if (intent === "deposit") {
    const submission = parseWithZod(formData, { schema: BucketDepositSchema });
    if (submission.status !== "success") return json<ActionResult>({ intent, result: submission.reply() }, { status: 400 });
    const { amount, reason } = submission.value;
    await transfer(programDb(args.context), {
      idempotencyKey: `bucket-deposit:${formData.get("depositKey")}`,
      kind: "BUCKET_DEPOSIT",
      amount,
      reason,
      actorId: viewer.employee.id,
      to: { kind: "PROGRAM_BUCKET" },
    });
    args.context.log.info({ event: "bucket_deposit", amount }, "points added to the program bucket");
    return redirectWithToast(args, "/program-settings", { type: "success", message: `${formatPoints(amount)} points added to the program's bucket.` });
  }

  let next: TenantOverrides;
  const section = intent.startsWith("plugin:") ? pluginSettingsOf(registry, config).find((s) => `plugin:${s.pluginId}` === intent) : undefined;
  if (section) {
    next = { ...current, features: { ...current.features, [section.pluginId]: { ...current.features?.[section.pluginId], ...readOptionFields(section.fields, formData) } } };
    const saved = await tenantSettings.save(file, next, { employeeId: viewer.employee.id, source: "settings" });
    if (!saved.ok) {
      // Problems name the option's JSON path ($.features.<plugin>.<option>): show each beside its field.
      const prefix = `$.features.${section.pluginId}.`;
      const error = Object.fromEntries(saved.problems.map((p) => [p.path.startsWith(prefix) ? p.path.slice(prefix.length) : "", [p.message]]));
      return json<ActionResult>({ intent, result: { status: "error", initialValue: Object.fromEntries(formData) as Record<string, string>, error } }, { status: 400 });
    }
    args.context.log.info({ event: "program_settings_saved", intent }, "program settings saved");
    return redirectWithToast(args, "/program-settings", { type: "success", message: `${section.title} settings saved.` });
  }
  switch (intent) {
    case "features":
      next = {
        ...current,
        features: Object.fromEntries(registry.plugins.map((p) => [p.id, { ...current.features?.[p.id], enabled: formData.get(`feature:${p.id}`) === "on" }])),
      };
      break;
    case "flags":
      next = { ...current, siteConfig: { ...current.siteConfig, ...Object.fromEntries(editableSiteFlags.map((flag) => [flag, formData.get(flag) === "on"])) } };
      break;
    case "texts": {
      const submission = parseWithZod(formData, { schema: SiteTextsSchema });
      if (submission.status !== "success") return json<ActionResult>({ intent, result: submission.reply() }, { status: 400 });
      next = { ...current, siteConfig: { ...current.siteConfig, ...submission.value } };
      break;
    }
    case "add-notice": {
      const submission = parseWithZod(formData, { schema: AddNoticeSchema });
      if (submission.status !== "success") return json<ActionResult>({ intent, result: submission.reply() }, { status: 400 });
      if (config.notices.length >= 5) {
        return json<ActionResult>({ intent, result: submission.reply({ formErrors: ["A program has at most 5 notices."] }) }, { status: 400 });
      }
      const notice = { id: `notice-${Date.now().toString(36)}`, type: submission.value.type, message: submission.value.message, closeable: submission.value.closeable ?? false };
      next = { ...current, notices: [...config.notices, notice] };
      break;
    }
    case "remove-notice":
      next = { ...current, notices: config.notices.filter((notice) => notice.id !== formData.get("noticeId")) };
      break;
    default:
      throw new Response("Unknown form", { status: 400 });
  }

  const saved = await tenantSettings.save(file, next, { employeeId: viewer.employee.id, source: "settings" });
  if (!saved.ok) {
    const errors = saved.problems.map((problem) => `${problem.path}: ${problem.message}`);
    return json<ActionResult>({ intent, result: { status: "error", error: { "": errors } } }, { status: 400 });
  }
  args.context.log.info({ event: "program_settings_saved", intent }, "program settings saved");
  return redirectWithToast(args, "/program-settings", { type: "success", message: "Program settings saved." });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-6">
      <CardTitle>{title}</CardTitle>
      {children}
    </Card>
  );
}

function Checkbox({ name, label, description, defaultChecked }: { name: string; label: string; description?: string; defaultChecked: boolean }) {
  return (
    <label className="flex items-start gap-3 py-1.5">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} className="mt-1 size-4 accent-[var(--color-brand)]" />
      <span>
        <span className="block text-sm font-medium">{label}</span>
        {description ? <span className="block text-sm text-slate-600">{description}</span> : null}
      </span>
    </label>
  );
}

export default function ProgramSettingsPage() {
  const { features, flags, texts, pluginSettings, notices, changes, bucket, depositKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);

  const [textsForm, textFields] = useZodForm("texts", SiteTextsSchema, resultFor("texts"), texts);
  const [noticeForm, noticeFields] = useZodForm("add-notice", AddNoticeSchema, resultFor("add-notice"));
  const [depositForm, depositFields] = useZodForm("deposit", BucketDepositSchema, resultFor("deposit"));
  const formErrors = (intent: Intent) => (resultFor(intent)?.error?.[""] as string[] | undefined) ?? null;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Program Settings</h1>
        <p className="text-sm text-slate-700">Changes apply to everyone in the program from their next page.</p>
      </div>

      <Section title="Features">
        <Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="features" />
          <ErrorList errors={formErrors("features")} />
          {features.map((feature) => (
            <Checkbox key={feature.id} name={`feature:${feature.id}`} label={feature.title} description={feature.description} defaultChecked={feature.enabled} />
          ))}
          <div>
            <Button type="submit">Save features</Button>
          </div>
        </Form>
      </Section>

      <Section title="Site settings">
        <Form method="post" className="flex flex-col gap-1">
          <input type="hidden" name="intent" value="flags" />
          <ErrorList errors={formErrors("flags")} />
          <div className="grid sm:grid-cols-2">
            {flags.map(({ flag, label, enabled }) => (
              <Checkbox key={flag} name={flag} label={label} defaultChecked={enabled} />
            ))}
          </div>
          <div>
            <Button type="submit">Save site settings</Button>
          </div>
        </Form>
      </Section>

      {pluginSettings.map((section) => (
        <Section key={section.pluginId} title={section.title}>
          <PluginOptionsForm intent={`plugin:${section.pluginId}`} fields={section.fields} result={resultFor(`plugin:${section.pluginId}`)} />
        </Section>
      ))}

      <Section title="Contact us and welcome texts">
        <Form method="post" {...getFormProps(textsForm)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="texts" />
          <ErrorList id={textsForm.errorId} errors={textsForm.errors} />
          <Field label="Contact-us headline" inputProps={getInputProps(textFields.contactUsHeadlineText, { type: "text" })} errors={textFields.contactUsHeadlineText.errors} />
          <TextAreaField label="Contact-us text" props={getTextareaProps(textFields.contactUsText)} errors={textFields.contactUsText.errors} />
          <Field label="Welcome headline" inputProps={getInputProps(textFields.welcomeHeadlineText, { type: "text" })} errors={textFields.welcomeHeadlineText.errors} />
          <TextAreaField label="Welcome text" props={getTextareaProps(textFields.welcomeText)} errors={textFields.welcomeText.errors} />
          <Field
            label="Welcome post expires after (days)"
            inputProps={getInputProps(textFields.welcomePostExpirationDays, { type: "number" })}
            errors={textFields.welcomePostExpirationDays.errors}
          />
          <TextAreaField label="Program information" props={getTextareaProps(textFields.programInfoText)} errors={textFields.programInfoText.errors} />
          <div>
            <Button type="submit">Save texts</Button>
          </div>
        </Form>
      </Section>

      <Section title="Program notices">
        {notices.length === 0 ? <p className="mb-4 text-sm text-slate-700">No program notices.</p> : null}
        <ul className="mb-4 flex flex-col gap-2">
          {notices.map((notice) => (
            <li key={notice.id} className="flex items-start justify-between gap-3 rounded border border-slate-200 p-3 text-sm">
              <span>
                <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs uppercase">{notice.type}</span>
                {notice.message}
                {notice.closeable ? <span className="text-slate-600"> (closeable)</span> : null}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-notice" />
                <input type="hidden" name="noticeId" value={notice.id} />
                <Button type="submit" variant="outline" size="sm" aria-label={`Remove notice: ${notice.message}`}>
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" {...getFormProps(noticeForm)} className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="add-notice" />
          <ErrorList id={noticeForm.errorId} errors={noticeForm.errors} />
          <TextAreaField label="New notice" props={getTextareaProps(noticeFields.message)} errors={noticeFields.message.errors} />
          <div className="flex flex-wrap items-end gap-4">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={noticeFields.type.id}>Type</Label>
              <select
                id={noticeFields.type.id}
                name={noticeFields.type.name}
                defaultValue={(noticeFields.type.initialValue as string | undefined) ?? "info"}
                className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
              >
                {noticeTypes.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </select>
            </div>
            <Checkbox name={noticeFields.closeable.name} label="Closeable" defaultChecked />
            <Button type="submit">Add notice</Button>
          </div>
        </Form>
      </Section>

      <Section title="Points bucket">
        <p className="mb-4 text-sm text-slate-700">
          The bucket funds discretionary grants and the features that issue points. It holds <strong>{formatPoints(bucket)}</strong> points.
        </p>
        <Form method="post" {...getFormProps(depositForm)} className="grid gap-4 sm:grid-cols-[10rem_1fr_auto] sm:items-start">
          <input type="hidden" name="intent" value="deposit" />
          <input type="hidden" name="depositKey" value={depositKey} />
          <Field label="Points to add" inputProps={getInputProps(depositFields.amount, { type: "number" })} errors={depositFields.amount.errors} />
          <Field label="Reason" inputProps={getInputProps(depositFields.reason, { type: "text" })} errors={depositFields.reason.errors} />
          <Button type="submit" className="sm:mt-6">
            Add points
          </Button>
        </Form>
      </Section>

      <Section title="Change history">
        {changes.length === 0 ? (
          <p className="text-sm text-slate-700">No changes saved in the app yet.</p>
        ) : (
          <ol className="flex flex-col gap-3 text-sm">
            {changes.map((change) => (
              <li key={change.id} className="border-b border-slate-100 pb-2">
                <p className="font-medium">
                  {change.by}, <LocalDate iso={change.at} />
                </p>
                <ul className="mt-1 list-inside list-disc break-words text-slate-700">
                  {change.changes.length === 0 ? <li>No effective change</li> : change.changes.map((line) => <li key={line}>{line}</li>)}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </Section>
    </div>
  );
}

/** A plugin's options as a plain form: fields typed by its option schema, errors beside each, what was typed kept. */
function PluginOptionsForm({ intent, fields, result }: { intent: string; fields: OptionField[]; result?: SubmissionResult<string[]> }) {
  const errorsOf = (name: string) => (result?.error?.[name] as string[] | undefined) ?? null;
  const typed = (name: string) => (result?.initialValue as Record<string, string> | undefined)?.[name];
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={intent} />
      <ErrorList errors={errorsOf("")} />
      {fields.map((field) => {
        const id = `${intent}-${field.name}`;
        if (field.kind === "boolean") {
          return <Checkbox key={field.name} name={field.name} label={field.label} description={field.help} defaultChecked={field.value} />;
        }
        if (field.kind === "choice") {
          return (
            <div key={field.name} className="flex flex-col gap-1.5">
              <Label htmlFor={id}>{field.label}</Label>
              <select id={id} name={field.name} defaultValue={typed(field.name) ?? field.value} className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm">
                {field.choices.map((choice) => (
                  <option key={choice}>{choice}</option>
                ))}
              </select>
              <ErrorList errors={errorsOf(field.name)} />
            </div>
          );
        }
        const constraints =
          field.kind === "number"
            ? { type: "number", min: field.min, max: field.max, step: field.integer ? 1 : "any" }
            : { type: "text", maxLength: field.maxLength };
        return (
          <Field
            key={field.name}
            label={field.label}
            inputProps={{ id, name: field.name, defaultValue: typed(field.name) ?? String(field.value ?? ""), required: true, ...constraints }}
            errors={errorsOf(field.name)}
          />
        );
      })}
      <div>
        <Button type="submit">Save settings</Button>
      </div>
    </Form>
  );
}
