import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { PushSubscribe } from "~/components/notifications/push-subscribe";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { NOT_IN_PROGRAM, refuseToFeed } from "~/modules/auth/guards.server";
import { requireOwnAccount } from "~/modules/auth/own-account.server";
import { channelLabels, type Channel } from "~/modules/notifications/notifications";
import { offeredChannels, preferencesOf, savePreferences } from "~/modules/notifications/preferences.server";
import { parsePreferenceForm, pushSubscriptionForm } from "~/modules/notifications/settings-form.server";
import { savePushSubscription } from "~/modules/notifications/push-subscriptions.server";
import { reminderPreviews } from "~/modules/notifications/reminders.server";
import { canGivePoints } from "~/modules/points/access";
import { viewerPointsSummary } from "~/modules/points/ledger.server";
import { redirectWithToast } from "~/modules/shell/toast.server";

export const meta: MetaFunction = () => [{ title: "Notification settings" }];

export const PREFERENCES_SAVED = "Your notification settings are saved.";

const REMINDERS_NOTE = "Your program sends these by the channels you choose above for them, at 9:00.";

/** The groups and types this employee can receive (their permissions, the plugins the program has on), and the channels it offers. */
async function settingsOf(args: LoaderFunctionArgs) {
  const viewer = await requireOwnAccount(args);
  // The spec's settings guard: a program may keep the choice of channels to itself.
  if (!viewer.tenant.siteConfig.notificationsEnabled) await refuseToFeed(args, NOT_IN_PROGRAM);
  const { app } = args.context;
  const groups = app.registry.notificationGroups(viewer);
  const channels = offeredChannels(viewer.tenant, app.env);
  return { viewer, groups, channels };
}

export async function loader(args: LoaderFunctionArgs) {
  const { viewer, groups, channels } = await settingsOf(args);
  const db = args.context.db;
  const preferences = (await preferencesOf(db, [viewer.employee.id])).get(viewer.employee.id)!;
  const givesPoints = canGivePoints(viewer);
  const pointsToGive = givesPoints ? (await viewerPointsSummary({ db, viewer })).discretionaryPointsAvailable : 0;
  return json({
    reminders: reminderPreviews(args.context.tenant, { canGivePoints: givesPoints, pointsToGive }),
    groups: groups.map((group) => ({ id: group.id, title: group.title, types: group.types })),
    channels: channels.map((channel) => ({ channel, label: channelLabels[channel] })),
    preferences,
    push: channels.includes("PUSH") ? { publicKey: args.context.app.env.VAPID_PUBLIC_KEY!, consented: viewer.employee.permissions.pushNotificationDataConsent } : null,
  });
}

export async function action(args: ActionFunctionArgs) {
  const { viewer, groups, channels } = await settingsOf(args);
  const form = Object.fromEntries(await args.request.formData());
  const db = args.context.db;
  if (form.intent === "push-subscribe") {
    const push = pushSubscriptionForm.safeParse(form);
    if (!channels.includes("PUSH") || !push.success) return json({ ok: false }, { status: 400 });
    await savePushSubscription(db, viewer.employee.id, push.data);
    return json({ ok: true });
  }
  const types = groups.flatMap((group) => group.types.map((type) => type.id));
  const current = (await preferencesOf(db, [viewer.employee.id])).get(viewer.employee.id)!;
  const next = parsePreferenceForm(form, channels, types, current);
  if (!next) return json({ ok: false }, { status: 400 });
  await savePreferences(db, viewer.employee.id, next);
  return redirectWithToast(args, "/settings/notifications", { type: "success", message: PREFERENCES_SAVED });
}

export default function NotificationSettingsPage() {
  const { groups, channels, preferences, push, reminders } = useLoaderData<typeof loader>();
  const isOn = (channel: Channel, type?: string) => (type ? preferences[channel].flags[type] !== false : preferences[channel].enabled);
  return (
    <div className="mx-auto grid max-w-3xl gap-4">
      <Card className="p-6">
        <h1 className="mb-1 text-xl font-semibold">Notification settings</h1>
        <p className="mb-4 text-sm text-slate-700">Every notification appears in the app. Choose what else reaches you, and how.</p>
        <Form method="post" className="grid gap-6">
          <fieldset>
            <legend className="mb-2 font-semibold">Channels</legend>
            {channels.map(({ channel, label }) => (
              <label key={channel} className="flex items-center gap-2 py-1">
                <input type="checkbox" name={channel} defaultChecked={isOn(channel)} className="size-4" />
                {label}
              </label>
            ))}
          </fieldset>
          {groups.map((group) => (
            <fieldset key={group.id}>
              <legend className="mb-2 font-semibold">{group.title}</legend>
              <table className="w-full text-sm">
                <thead>
                  <tr>
                    <th scope="col" className="py-1 text-left font-medium">
                      Notification
                    </th>
                    {channels.map(({ channel, label }) => (
                      <th key={channel} scope="col" className="w-28 py-1 text-center font-medium">
                        {label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {group.types.map((type) => (
                    <tr key={type.id} className="border-t border-slate-200">
                      <th scope="row" className="py-2 text-left font-normal">
                        {type.label}
                      </th>
                      {channels.map(({ channel, label }) => (
                        <td key={channel} className="text-center">
                          <input type="checkbox" name={`${channel}:${type.id}`} defaultChecked={isOn(channel, type.id)} aria-label={`${type.label} by ${label}`} className="size-4" />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </fieldset>
          ))}
          <div>
            <Button type="submit">Save</Button>
          </div>
        </Form>
      </Card>
      {reminders.length > 0 ? (
        <Card className="p-6">
          <h2 className="mb-1 font-semibold">Reminders</h2>
          <p className="mb-3 text-sm text-slate-700">{REMINDERS_NOTE}</p>
          <ul className="grid gap-4">
            {reminders.map((reminder) => (
              <li key={reminder.type}>
                <h3 className="text-sm font-medium">{reminder.title}</h3>
                <p className="text-sm text-slate-700">{reminder.when}</p>
                <blockquote className="mt-1 border-l-4 border-slate-300 pl-3 text-sm">{reminder.text}</blockquote>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {push ? <PushSubscribe publicKey={push.publicKey} consented={push.consented} /> : null}
    </div>
  );
}
