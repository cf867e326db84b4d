import { z } from "zod";

/** The plugin's options under features.global-rewards: where the store signs people in, and which secret signs for this program. */
export const globalRewardsOptions = z.object({
  /** The store's sign-in address, which receives the token as a form post; the app's own sandbox store when omitted. */
  url: z
    .string()
    .regex(/^https:\/\/[^\s]+$/, "must be an https:// URL")
    .optional(),
  /** Which secret of the deployment signs the token: GLOBAL_REWARDS_SECRET, or GLOBAL_REWARDS_<SET>_SECRET for a named set. */
  credentials: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]{0,29}$/, "must be upper-case letters, digits and _ (an environment variable's middle part)")
    .optional(),
});

export type GlobalRewardsOptions = z.infer<typeof globalRewardsOptions>;
