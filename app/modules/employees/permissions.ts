import { z } from "zod";
import type { PluginPermissionName } from "~/modules/plugins/manifest";

/**
 * The spec's per-employee permission flags that belong to the core (platform
 * and recognition section 3); each feature plugin declares its own.
 * Stored as one jsonb column so a flag added later needs no migration; the
 * defaults are what a plain employee of a program gets.
 */
export const employeePermissionsSchema = z
  .object({
    admin: z.boolean().default(false),
    usesPoints: z.boolean().default(true),
    canGiveDiscretionaryPoints: z.boolean().default(false),
    canRequestDiscretionaryPoints: z.boolean().default(false),
    isDiscretionaryApprover: z.boolean().default(false),
    canRedeemCodes: z.boolean().default(true),
    canUploadPoints: z.boolean().default(false),
    canChangeAddress: z.boolean().default(true),
    pushNotificationDataConsent: z.boolean().default(false),
  })
  // Flags a plugin declares in its manifest are kept as stored; the registry supplies their defaults.
  .catchall(z.boolean())

export type EmployeePermissions = z.infer<typeof employeePermissionsSchema>;

/**
 * What a program manager sees for each core flag on a person's page. The
 * consent to push notification data is the person's own to give, so it is
 * not among them.
 */
export const corePermissionLabels = {
  admin: "Administers the program (Admin menu, acting as others)",
  usesPoints: "Uses points",
  canGiveDiscretionaryPoints: "Gives discretionary points",
  canRequestDiscretionaryPoints: "Requests discretionary points",
  isDiscretionaryApprover: "Approves discretionary points requests",
  canRedeemCodes: "Redeems codes",
  canUploadPoints: "Uploads points",
  canChangeAddress: "Changes their own address",
} satisfies Partial<Record<keyof typeof employeePermissionsSchema.shape, string>>;
/** A core permission flag, or one an installed plugin declares (a typo does not compile). */
export type PermissionName = keyof typeof employeePermissionsSchema.shape | PluginPermissionName;

export const employeeTypes = ["EMPLOYEE", "PROGRAM_MANAGER"] as const;
export type EmployeeType = (typeof employeeTypes)[number];
