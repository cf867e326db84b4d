import type { EmployeePermissions, EmployeeType } from "~/modules/employees/permissions";
import type { TenantConfig } from "~/modules/tenants/tenant";

/** The signed-in employee as every guard, menu and card sees them. */
export interface CurrentEmployee {
  id: number;
  programId: number;
  loginId: string;
  displayName: string;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  employeeType: EmployeeType;
  directReportCount: number;
  /** The spec's token claim: has at least one direct report. */
  isSupervisor: boolean;
  mustChangePassword: boolean;
  /** Someone has made this employee their delegate. */
  hasDelegators: boolean;
  /** Unread notifications, up to 100 (the bell's '!!'). */
  unreadNotifications: number;
  /** Chose high contrast (their preference; shown only where the program offers it). */
  highContrast: boolean;
  permissions: EmployeePermissions;
}

/** Present while a session acts on behalf of someone else. */
export interface Delegation {
  original: { id: number; displayName: string };
  isAdminDelegate: boolean;
}

export interface Viewer {
  employee: CurrentEmployee;
  tenant: TenantConfig;
  delegation: Delegation | null;
}

export function isProgramManager(viewer: Viewer) {
  return viewer.employee.employeeType === "PROGRAM_MANAGER";
}
