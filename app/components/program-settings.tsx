import { Link } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { ErrorList, Field } from "~/components/forms";
import { Card, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import type { OptionField } from "~/modules/plugins/settings-fields.server";
import { cn } from "~/utils/cn";

const TABS = [
  { to: "/program-settings", label: "Settings" },
  { to: "/program-settings/points-bucket", label: "Points bucket" },
  { to: "/program-settings/allowances", label: "Allowances" },
  { to: "/program-settings/approvers", label: "Approvers" },
  { to: "/program-settings/profile", label: "Profile categories" },
  { to: "/program-settings/guide", label: "Program guide" },
] as const;

/**
 * The head of the program settings pages, with tabs between them: the settings
 * form, the bucket (a ledger deposit, not a setting), the allowances of points to
 * give, the approvers (passing an absent one's requests to another), the categories
 * people choose from for Me In 3 and My Stuff, and the program guide's documents.
 */
export function SettingsHeader({ current, intro }: { current: (typeof TABS)[number]["to"]; intro: string }) {
  return (
    <>
      <div>
        <h1 className="text-2xl font-semibold">Program Settings</h1>
        <p className="text-sm text-slate-700">{intro}</p>
      </div>
      <SettingsTabs current={current} />
    </>
  );
}

function SettingsTabs({ current }: { current: (typeof TABS)[number]["to"] }) {
  return (
    <nav aria-label="Program settings" className="flex gap-1 border-b border-slate-200">
      {TABS.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          aria-current={tab.to === current ? "page" : undefined}
          className={cn(
            "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
            tab.to === current ? "border-brand text-slate-900" : "border-transparent text-slate-700 hover:text-slate-900",
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** A titled card, named by its title for assistive technology (a region landmark). */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card className="p-6" aria-labelledby={titleId}>
      <CardTitle id={titleId}>{title}</CardTitle>
      {children}
    </Card>
  );
}

export function Checkbox({ name, label, description, defaultChecked }: { name: string; label: string; description?: string; defaultChecked: boolean }) {
  return (
    <label className="flex items-start gap-3 py-1.5">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} className="mt-1 size-4 accent-[var(--color-brand)]" />
      <span>
        <span className="block text-sm font-medium">{label}</span>
        {description ? <span className="block text-sm text-slate-700">{description}</span> : null}
      </span>
    </label>
  );
}

/** A plugin's options as plain form fields named `prefix` + option: typed by its option schema, errors beside each, what was typed kept. */
export function PluginOptionFields({
  prefix,
  fields,
  typed,
  errorsOf,
}: {
  prefix: string;
  fields: OptionField[];
  typed: (name: string) => unknown;
  errorsOf: (name: string) => string[] | null;
}) {
  return (
    <div className="flex flex-col gap-4">
      {fields.map((field) => {
        const name = prefix + field.name;
        const id = name.replaceAll(".", "-");
        const value = typed(name);
        if (field.kind === "boolean") {
          return <Checkbox key={name} name={name} label={field.label} description={field.help} defaultChecked={value === "on"} />;
        }
        if (field.kind === "choice") {
          return (
            <div key={name} className="flex flex-col gap-1.5">
              <Label htmlFor={id}>{field.label}</Label>
              <select id={id} name={name} defaultValue={typeof value === "string" ? value : field.value} className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm">
                {field.choices.map((choice) => (
                  <option key={choice}>{choice}</option>
                ))}
              </select>
              <ErrorList errors={errorsOf(name)} />
            </div>
          );
        }
        const constraints =
          field.kind === "number" ? { type: "number", min: field.min, max: field.max, step: field.integer ? 1 : "any" } : { type: "text", maxLength: field.maxLength };
        return (
          <Field
            key={name}
            label={field.label}
            inputProps={{ id, name, defaultValue: typeof value === "string" ? value : "", required: true, ...constraints }}
            errors={errorsOf(name)}
          />
        );
      })}
    </div>
  );
}
