import { z } from "zod";
import { siteNoticeSchema } from "./schema";
import type { TenantConfig } from "./tenant";

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
