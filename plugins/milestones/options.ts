import { z } from "zod";
import type { TenantConfig } from "~/modules/tenants/tenant";
import { pluginOptions } from "~/modules/plugins/plugin-options";

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "must be 1-40 characters of a-z, 0-9 and -");

/** One of the program's own milestones, counted from each person's hire date: 'First day' (0 months), '6 months'... */
const milestoneType = z.object({
  id: slug,
  label: z.string().min(1).max(60),
  monthsAfterHire: z.number().int().min(0).max(600),
});

/** The milestones plugin's options in a tenant file, under features.milestones. */
export const milestonesOptions = z.object({
  /** The program's own milestones (service awards for years of service are the shop's). */
  types: z
    .array(milestoneType)
    .max(20)
    .refine((types) => new Set(types.map((type) => type.id)).size === types.length, "each milestone type needs its own id")
    .default([]),
  /** Milestones of people who allow it are posted to the Moments feed on their day. */
  publishToFeed: z.boolean().default(true),
  /** How many days ahead the celebrant's manager and team hear of a milestone (0: on the day only). */
  noticeDays: z.number().int().min(0).max(30).default(3),
  /** Birthdays and work anniversaries bring the celebrant a personal celebration (the feed's banner). */
  celebrations: z.boolean().default(true),
});

export type MilestonesOptions = z.infer<typeof milestonesOptions>;
export type MilestoneType = MilestonesOptions["types"][number];

/** The program's milestone options, as its tenant file and program settings say. */
export function milestonesOptionsOf(config: TenantConfig) {
  return pluginOptions(milestonesOptions, config.features.milestones);
}
