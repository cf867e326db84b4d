import { mergeDeep } from "~/utils/dotted";
import { z } from "zod";
import { siteNoticeSchema } from "./schema";
import type { TenantConfig } from "./tenant";

/**
 * What the app stores on top of a tenant file: plugin switches, site-config
 * flags and texts, the notification channels and reminders, and the program notices. The merged result must still pass
 * the tenant schema, so an override can never make a config the file could not.
 */
/** A plugin option as the settings form writes it: a value, or an object of them (a nested option such as reactions.like.enabled). */
type OptionValue = boolean | number | string | { [key: string]: OptionValue };
const optionValue: z.ZodType<OptionValue> = z.lazy(() => z.union([z.boolean(), z.number(), z.string(), z.record(z.string(), optionValue)]));

export const tenantOverridesSchema = z.object({
  /** Per plugin: its switch and any of its options (the plugin's option schema checks them on merge). */
  features: z.record(z.string(), z.record(z.string(), optionValue)).optional(),
  siteConfig: z.record(z.string(), z.union([z.boolean(), z.string(), z.number()])).optional(),
  /** The optional channels and the reminders (nested, merged object by object). */
  notifications: z.record(z.string(), optionValue).optional(),
  notices: z.array(siteNoticeSchema).optional(),
  /** Me In 3's and My Stuff's categories, each list whole (the tenant schema checks them on merge). */
  profileCategories: z.object({ meIn3: z.array(z.unknown()).optional(), myStuff: z.array(z.unknown()).optional() }).optional(),
});

export type TenantOverrides = z.infer<typeof tenantOverridesSchema>;

/** The tenant file with the overrides applied (nested options object by object), before validation. Overrides of features no longer installed are dropped. */
export function applyOverrides(file: TenantConfig, overrides: TenantOverrides): Record<string, unknown> {
  const features = Object.fromEntries(
    Object.entries(file.features).map(([id, options]) => [id, mergeDeep(options, overrides.features?.[id] ?? {})]),
  );
  return {
    ...file,
    siteConfig: { ...file.siteConfig, ...overrides.siteConfig },
    notifications: mergeDeep(file.notifications, overrides.notifications ?? {}),
    notices: overrides.notices ?? file.notices,
    profileCategories: { ...file.profileCategories, ...overrides.profileCategories },
    features,
  };
}
