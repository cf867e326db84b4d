import { z } from "zod";

/** The incentives plugin's options in a tenant file, under features.incentives: the spec's guards of each part. */
export const incentivesOptions = z.object({
  /** The dashboard's metric cards, for those who make incentives (the spec's dashboardEnabled). */
  dashboardEnabled: z.boolean().default(true),
  /** Reviewing submissions, for approvers and program managers (submissionsEnabled). */
  submissionsEnabled: z.boolean().default(true),
  /** Making and managing incentives, for those who make them (manageIncentivesEnabled). */
  manageIncentivesEnabled: z.boolean().default(true),
  /** A participant's own incentives, open and completed (myIncentivesEnabled). */
  myIncentivesEnabled: z.boolean().default(true),
  /** An approved submission is shown on the Moments feed (the spec's incentiveSubmission), for participants who accept public recognition; on their wall always. */
  publishToFeed: z.boolean().default(true),
});

export type IncentivesOptions = z.infer<typeof incentivesOptions>;
