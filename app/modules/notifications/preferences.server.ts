import type { ProgramDb } from "~/modules/db/program-db.server";
import { outboxPageEnabled, type Env } from "~/modules/env.server";
import type { TenantConfig } from "~/modules/tenants/tenant";
import type { Channel } from "./notifications";

export interface ChannelPreference {
  enabled: boolean;
  /** Per notification type; a type not named is on. */
  flags: Record<string, boolean>;
}

export type Preferences = Record<Channel, ChannelPreference>;

/** What an employee gets before choosing: e-mail for everything; text messages and push only once they turn them on. */
const DEFAULTS: Preferences = {
  EMAIL: { enabled: true, flags: {} },
  SMS: { enabled: false, flags: {} },
  PUSH: { enabled: false, flags: {} },
};

/**
 * The channels a program offers beyond in-app: e-mail always; text messages when
 * its notification config turns them on and they reach someone (an SMS gateway,
 * or the outbox page in demo mode); push when turned on and the app has VAPID keys.
 */
export function offeredChannels(config: TenantConfig, env: Env): Channel[] {
  const channels: Channel[] = ["EMAIL"];
  if (config.notifications.smsEnabled && (env.SMS_ACCOUNT_SID !== undefined || outboxPageEnabled(env))) channels.push("SMS");
  if (config.notifications.pushEnabled && env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) channels.push("PUSH");
  return channels;
}

/** Each employee's preferences, defaults filled in. */
export async function preferencesOf(db: ProgramDb, employeeIds: readonly number[]): Promise<Map<number, Preferences>> {
  const rows = employeeIds.length
    ? await db.selectFrom("notification_preference").select(["employee_id", "channel", "enabled", "flags"]).where("employee_id", "in", [...employeeIds]).execute()
    : [];
  const result = new Map<number, Preferences>(employeeIds.map((id) => [id, structuredClone(DEFAULTS)]));
  for (const row of rows) result.get(row.employee_id)![row.channel] = { enabled: row.enabled, flags: row.flags };
  return result;
}

export function wants(preferences: Preferences, channel: Channel, type: string) {
  const preference = preferences[channel];
  return preference.enabled && preference.flags[type] !== false;
}

/** Saves the channels given (others are left as they are), in one transaction. */
export async function savePreferences(db: ProgramDb, employeeId: number, preferences: Partial<Preferences>) {
  await db.transaction(async (tx) => {
    for (const [channel, preference] of Object.entries(preferences) as [Channel, ChannelPreference][]) {
      await tx
        .insertInto("notification_preference", { employee_id: employeeId, channel, enabled: preference.enabled, flags: JSON.stringify(preference.flags) })
        .onConflict((c) => c.columns(["program_id", "employee_id", "channel"]).doUpdateSet({ enabled: preference.enabled, flags: JSON.stringify(preference.flags) }))
        .execute();
    }
  });
}
