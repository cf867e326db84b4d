import { z } from "zod";
import type { PluginServer } from "~/modules/plugins/manifest";
import { coreTenantShape } from "./schema";

export type FeatureConfig = { enabled: boolean } & Record<string, unknown>;
export type TenantConfig = z.infer<z.ZodObject<typeof coreTenantShape>> & {
  features: Record<string, FeatureConfig>;
  /** Plugins' configuration data (`configData`), by plugin id, when the file carries it. */
  data?: Record<string, unknown>;
};

/** A tenant as a request sees it: its program row and its effective config. */
export interface Tenant {
  programId: number;
  config: TenantConfig;
}

/**
 * One schema for a tenant file: the core part plus, under `features`, each
 * installed plugin's `enabled` switch and options, and under `data` the
 * configuration data of the plugins that keep some in the database. Unknown keys are errors, so
 * a typo in a file stops start-up instead of being silently ignored.
 */
export function buildTenantSchema(
  plugins: readonly Pick<PluginServer, "id" | "options" | "configData">[],
  /** Each plugin's dependencies, by title: a file may switch it on only with each of them on. */
  dependencies: Record<string, readonly { id: string; title: string }[]> = {},
) {
  const features = Object.fromEntries(
    plugins.map((plugin) => [
      plugin.id,
      z.strictObject({ enabled: z.boolean().default(false), ...(plugin.options?.shape ?? {}) }).prefault({ enabled: false }),
    ]),
  );
  return z
    .strictObject({
      ...coreTenantShape,
      features: z.strictObject(features).prefault({}),
      data: z.strictObject(Object.fromEntries(plugins.flatMap((plugin) => (plugin.configData ? [[plugin.id, plugin.configData.schema.optional()]] : [])))).optional(),
    })
    .superRefine((config, ctx) => {
      if (config.program.ssoType === "SAML" && !config.sso.saml) {
        ctx.addIssue({ code: "custom", path: ["sso", "saml"], message: "is required when program.ssoType is SAML" });
      }
      for (const [pluginId, needs] of Object.entries(dependencies)) {
        if (!config.features[pluginId]?.enabled) continue;
        for (const dependency of needs.filter((need) => !config.features[need.id]?.enabled)) {
          ctx.addIssue({ code: "custom", path: ["features", pluginId, "enabled"], message: `needs ${dependency.title} switched on` });
        }
      }
    }) as unknown as z.ZodType<TenantConfig, unknown>;
}

