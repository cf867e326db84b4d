import { z } from "zod";

/**
 * The spec's per-employee permission flags (platform and recognition section 3).
 * Stored as one jsonb column so a flag added later needs no migration; the
 * defaults are what a plain employee of a program gets.
 */
export const employeePermissionsSchema = z.object({
  admin: z.boolean().default(false),
  usesPoints: z.boolean().default(true),
  usesEcards: z.boolean().default(true),
  isNominator: z.boolean().default(true),
  canGetNominated: z.boolean().default(true),
  canGiveDiscretionaryPoints: z.boolean().default(false),
  canRequestDiscretionaryPoints: z.boolean().default(false),
  isDiscretionaryApprover: z.boolean().default(false),
  canCreateCelebrationBoards: z.boolean().default(true),
  canCreateLots: z.boolean().default(false),
  canActivateLots: z.boolean().default(false),
  canRedeemCodes: z.boolean().default(true),
  canUploadPoints: z.boolean().default(false),
  canCreateIncentives: z.boolean().default(false),
  canViewFeed: z.boolean().default(true),
  canPostFeed: z.boolean().default(true),
  canRespondFeed: z.boolean().default(true),
  hideFromMomentsFeed: z.boolean().default(false),
  isSocialModerator: z.boolean().default(false),
  canCreateAdminSocialPosts: z.boolean().default(false),
  canChangeAddress: z.boolean().default(true),
  pushNotificationDataConsent: z.boolean().default(false),
});

export type EmployeePermissions = z.infer<typeof employeePermissionsSchema>;
export type PermissionName = keyof EmployeePermissions;

export const employeeTypes = ["EMPLOYEE", "PROGRAM_MANAGER"] as const;
export type EmployeeType = (typeof employeeTypes)[number];
