import { z } from "zod";
import { siteNoticeSchema } from "./schema";
import type { TenantConfig } from "./tenant";

/** The site-config switches a program manager may flip in the app. */
export const editableSiteFlags = [
  "twoFactorEnabled",
  "employeePreferencesEnabled",
  "privacySettings",
  "myRecognitionStoryEnabled",
  "meIn3Enabled",
  "myStuffEnabled",
  "allowOutlookPlugin",
  "highContrastEnabled",
  "cityStateEnabled",
  "contactUsCardOnHomepage",
  "welcomePostPinned",
  "welcomePostExpirationSet",
] as const;

/** The site-config texts (and one number) a program manager may edit in the app. */
export const editableSiteValues = [
  "programInfoText",
  "contactUsHeadlineText",
  "contactUsText",
  "welcomeHeadlineText",
  "welcomeText",
  "welcomePostExpirationDays",
] as const;

/**
 * What the app stores on top of a tenant file: plugin switches, site-config
 * flags and texts, and the program notices. The merged result must still pass
 * the tenant schema, so an override can never make a config the file could not.
 */
export const tenantOverridesSchema = z.object({
  /** Per plugin: its switch and any of its options (the plugin's option schema checks them on merge). */
  features: z.record(z.string(), z.record(z.string(), z.union([z.boolean(), z.number(), z.string()]))).optional(),
  siteConfig: z.record(z.string(), z.union([z.boolean(), z.string(), z.number()])).optional(),
  notices: z.array(siteNoticeSchema).optional(),
});

export type TenantOverrides = z.infer<typeof tenantOverridesSchema>;

/** The tenant file with the overrides applied, before validation. Overrides of features no longer installed are dropped. */
export function applyOverrides(file: TenantConfig, overrides: TenantOverrides): Record<string, unknown> {
  const features = Object.fromEntries(
    Object.entries(file.features).map(([id, options]) => [id, { ...options, ...(overrides.features?.[id] ?? {}) }]),
  );
  return {
    ...file,
    siteConfig: { ...file.siteConfig, ...overrides.siteConfig },
    notices: overrides.notices ?? file.notices,
    features,
  };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** Leaf paths whose values differ, as "a.b: before → after" lines for the change list. */
export function describeChanges(before: unknown, after: unknown, path = ""): string[] {
  // A section overridden for the first time (or no longer) is compared key by key with "nothing overridden".
  if ((isObject(before) || isObject(after)) && (isObject(before) || before === undefined) && (isObject(after) || after === undefined)) {
    const from: Json = isObject(before) ? before : {};
    const to: Json = isObject(after) ? after : {};
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])].sort();
    return keys.flatMap((key) => describeChanges(from[key], to[key], path ? `${path}.${key}` : key));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const show = (value: unknown) => (value === undefined ? "(file)" : JSON.stringify(value));
  return [`${path}: ${show(before)} → ${show(after)}`];
}
