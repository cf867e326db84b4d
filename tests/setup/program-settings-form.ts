import { expect } from "vitest";
import type { RunningApp } from "~/modules/app.server";
import { getViewer } from "~/modules/auth/guards.server";
import { notificationSettingLabels, siteSettingLabels } from "~/modules/tenants/settings-forms";
import { action as settingsAction, loader as settingsLoader } from "~/routes/program-settings";
import { flattenDotted } from "~/utils/dotted";
import { effectiveContextFor, requestTo, settle, signInAs, tenantOf } from "./test-app";

export type FormFields = Record<string, string | string[]>;

interface SettingsPage {
  features: { id: string; enabled: boolean }[];
  switches: { key: string; enabled: boolean }[];
  texts: Record<string, string>;
  notifications: Record<string, unknown>;
  pluginSettings: { pluginId: string; fields: { name: string; kind: string; value: unknown }[] }[];
}

/** The program settings form as the page shows it now: what a browser posts when nothing is touched. */
export async function programSettingsForm(app: RunningApp, subdomain: string): Promise<FormFields> {
  const { cookie } = await signInAs(app, subdomain, "admin");
  const request = requestTo(subdomain, "/program-settings", { cookie });
  const page = (await (await settingsLoader({ request, context: await effectiveContextFor(app, subdomain), params: {} })).json()) as SettingsPage;
  const checked = (entries: [string, boolean][]) => Object.fromEntries(entries.filter(([, on]) => on).map(([name]) => [name, "on"]));
  const options = page.pluginSettings.flatMap((section) =>
    section.fields
      .filter((field) => field.kind !== "boolean" || field.value === true)
      .map((field) => [`option.${section.pluginId}.${field.name}`, field.kind === "boolean" ? "on" : String(field.value ?? "")]),
  );
  // The notification settings, by their dotted names: switches only when on.
  const notifications = Object.entries(flattenDotted(page.notifications))
    .filter(([, value]) => value !== false)
    .map(([path, value]) => [`notifications.${path}`, value === true ? "on" : String(value)]);
  return {
    ...checked(page.features.map((feature) => [`feature.${feature.id}`, feature.enabled])),
    ...Object.fromEntries(notifications),
    ...checked(page.switches.map((setting) => [setting.key, setting.enabled])),
    ...page.texts,
    ...Object.fromEntries(options),
    "newNotice.type": "info",
    "newNotice.closeable": "on",
    "newNotice.message": "",
  };
}

/** A form body with repeated names for list values (checkboxes of one name). */
export function formBody(fields: FormFields) {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
  return form;
}

/** Posts the program settings form as `loginId`; the action's response (a redirect when saved). */
export async function postSettings(app: RunningApp, subdomain: string, loginId: string, fields: FormFields) {
  const { cookie } = await signInAs(app, subdomain, loginId);
  const request = requestTo(subdomain, "/program-settings", { method: "POST", body: formBody(fields), cookie });
  return (await settle(async () => settingsAction({ request, context: await effectiveContextFor(app, subdomain), params: {} }))) as Response;
}

/** Saves the form as the program's admin, and expects it saved. */
export async function saveSettings(app: RunningApp, subdomain: string, fields: FormFields) {
  const response = await postSettings(app, subdomain, "admin", fields);
  expect(response.headers.get("Location"), response.status === 400 ? JSON.stringify(await response.json()) : "").toBe("/program-settings");
}

/** The viewer a request of `loginId` gets now (settings applied), with the loader arguments that made it. */
export async function settingsViewer(app: RunningApp, subdomain: string, loginId: string) {
  const { cookie } = await signInAs(app, subdomain, loginId);
  const args = { request: requestTo(subdomain, "/", { cookie }), context: await effectiveContextFor(app, subdomain) };
  return { viewer: (await getViewer(args))!, args };
}

/** The program's settings history, newest first, each change by its label. */
export function settingsChanges(app: RunningApp, subdomain: string) {
  return app.tenantSettings.changes(tenantOf(app, subdomain), { plugins: app.registry.settingsLabels(), site: siteSettingLabels, notifications: notificationSettingLabels });
}
