import { z } from "zod";
import type { Channel } from "./notifications";
import type { Preferences } from "./preferences.server";

/** A browser's push subscription, with the employee's consent, as the settings page posts it. */
export const pushSubscriptionForm = z.object({
  intent: z.literal("push-subscribe"),
  endpoint: z.url({ protocol: /^https$/ }).max(1000),
  p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/),
  auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}$/),
  consent: z.literal("on"),
});

/**
 * The preference form: a checkbox per channel and one per channel and type
 * ("EMAIL:LOGIN_REMINDER"); an unticked box is absent. Types the person cannot
 * see keep their stored flags. Null when the form is not one of ours.
 */
export function parsePreferenceForm(form: Record<string, unknown>, channels: readonly Channel[], types: readonly string[], current: Preferences): Partial<Preferences> | null {
  const keys = channels.flatMap((channel) => [channel, ...types.map((type) => `${channel}:${type}`)]);
  const parsed = z.object(Object.fromEntries(keys.map((key) => [key, z.literal("on").optional()]))).safeParse(form);
  if (!parsed.success) return null;
  return Object.fromEntries(
    channels.map((channel) => [
      channel,
      {
        enabled: parsed.data[channel] === "on",
        flags: { ...current[channel].flags, ...Object.fromEntries(types.map((type) => [type, parsed.data[`${channel}:${type}`] === "on"])) },
      },
    ]),
  );
}
