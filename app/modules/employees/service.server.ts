import { sql } from "kysely";
import type { CurrentEmployee } from "~/modules/auth/viewer";
import { personVersionNames } from "~/modules/db/person-versions";
import { versionText, type ProgramDb } from "~/modules/db/program-db.server";
import { unreadOfEmployee } from "~/modules/notifications/centre.server";
import { employeePermissionsSchema, employeeTypes, type EmployeeType } from "./permissions";

/** The active employee a sign-in name or e-mail address belongs to, in this program only. */
export async function findEmployeeBySignInName(db: ProgramDb, name: string) {
  const normalized = name.trim().toLowerCase();
  return db
    .selectFrom("employee")
    .select(["id", "login_id", "password_hash", "email", "first_name"])
    .where("active", "=", true)
    .where((eb) => eb.or([eb(sql`lower(login_id)`, "=", normalized), eb(sql`lower(email)`, "=", normalized)]))
    .orderBy(sql`lower(login_id) = ${normalized}`, "desc")
    .executeTakeFirst();
}

/**
 * The active employee a session acts as or signed in as. Given the session's
 * sign-in time, an employee whose password changed since then is not found:
 * that session is over.
 */
export async function loadCurrentEmployee(db: ProgramDb, employeeId: number, signedInAt?: Date): Promise<CurrentEmployee | null> {
  return stillSignedIn(await readCurrentEmployee(db, employeeId), signedInAt);
}

/** The employee found, unless `signedInAt` is given and their sessions were ended since. */
export function stillSignedIn(found: FoundEmployee | null, signedInAt?: Date) {
  return found && (!signedInAt || sessionStillValid(found, signedInAt)) ? found.employee : null;
}

/** A session signed in at `signedInAt` still stands for this employee: no password change or deactivation since. */
export function sessionStillValid(found: FoundEmployee, signedInAt: Date) {
  return found.sessionsValidAfter === null || found.sessionsValidAfter <= signedInAt;
}

export interface FoundEmployee {
  employee: CurrentEmployee;
  /** Sessions signed in before this are over (a password change, a deactivation). */
  sessionsValidAfter: Date | null;
  /**
   * The versions the row was read under, by name (the same statement, so the same snapshot): the
   * person's own (`ownVersions`, decision 127), and the program's viewer version (decision 091),
   * which what is kept of other people's pages moves with.
   */
  versions: Readonly<Record<string, string>>;
}

/** The versions the signed-in person's own row is drawn under (decision 127): theirs, and the program's for changes to many people at once. */
export function ownVersions(employeeId: number) {
  return personVersionNames("person", employeeId);
}

/** The program's version of what pages kept for everyone show of people (decision 091); the row's statement reads it too. */
export const VIEWER_VERSION = "viewer";

/**
 * The person's own columns their row is read from, beside `preferences`, `active` and the direct
 * reports' `parent_employee_id`: the person's own version watches each (decision 127; a test keeps it so).
 */
export const CURRENT_EMPLOYEE_COLUMNS = ["id", "program_id", "login_id", "display_name", "first_name", "last_name", "job_title", "employee_type", "must_change_password", "permissions", "sessions_valid_after"] as const;

/**
 * The active employee `employeeId`, with when their sessions were last ended; one statement whatever the caller checks.
 * Request code reads it through KeptEmployees, which keeps it until the person's own version moves.
 */
export async function readCurrentEmployee(db: ProgramDb, employeeId: number): Promise<FoundEmployee | null> {
  const row = await db
    .selectFrom("employee")
    .select((eb) => [
      ...CURRENT_EMPLOYEE_COLUMNS,
      eb
        .selectFrom("employee as report")
        .select(eb.fn.countAll<number>().as("count"))
        .whereRef("report.parent_employee_id", "=", "employee.id")
        .where("report.active", "=", true)
        .as("direct_report_count"),
      eb
        .exists(
          eb
            .selectFrom("employee_delegate")
            .select("employee_delegate.delegator_id")
            .whereRef("employee_delegate.delegate_id", "=", "employee.id"),
        )
        .as("has_delegators"),
      unreadOfEmployee(eb).as("unread_notifications"),
      sql<boolean>`coalesce((preferences ->> 'highContrast')::boolean, false)`.as("high_contrast"),
      eb.selectFrom("person_version").select("version").whereRef("person_version.employee_id", "=", "employee.id").as("own_version"),
      eb.selectFrom("person_all_version").select("version").as("all_version"),
      eb.selectFrom("viewer_version").select("version").as("viewer_version"),
    ])
    .where("id", "=", employeeId)
    .where("active", "=", true)
    .executeTakeFirst();
  if (!row) return null;
  const directReportCount = Number(row.direct_report_count ?? 0);
  const employee: CurrentEmployee = {
    id: row.id,
    programId: row.program_id,
    loginId: row.login_id,
    displayName: row.display_name,
    firstName: row.first_name,
    lastName: row.last_name,
    jobTitle: row.job_title,
    employeeType: (employeeTypes as readonly string[]).includes(row.employee_type)
      ? (row.employee_type as EmployeeType)
      : "EMPLOYEE",
    directReportCount,
    isSupervisor: directReportCount > 0,
    mustChangePassword: row.must_change_password,
    hasDelegators: Boolean(row.has_delegators),
    unreadNotifications: Number(row.unread_notifications ?? 0),
    highContrast: row.high_contrast,
    permissions: employeePermissionsSchema.parse(row.permissions),
  };
  const [own, all] = ownVersions(employeeId);
  const versions = { [own]: versionText(row.own_version), [all]: versionText(row.all_version), [VIEWER_VERSION]: versionText(row.viewer_version) };
  return { employee, sessionsValidAfter: row.sessions_valid_after, versions };
}

/** The phone number two-factor codes go to, and whether its owner confirmed it. */
export async function phoneOf(db: ProgramDb, employeeId: number) {
  const row = await db.selectFrom("employee").select(["phone_number", "phone_verified"]).where("id", "=", employeeId).executeTakeFirst();
  return { phoneNumber: row?.phone_number ?? null, verified: row?.phone_verified ?? false };
}

/** Notes a sign-in (a password or the company account, not a delegation): the login reminder reads it. */
export async function recordSignIn(db: ProgramDb, employeeId: number, at = new Date()) {
  await db.updateTable("employee").set({ last_signed_in_at: at }).where("id", "=", employeeId).execute();
}

/** In a query on `employee`: whether the person has a permission flag, `fallback` when nothing is stored for them (the flag's default). */
export function hasPermissionSql(name: string, fallback: boolean) {
  return sql<boolean>`coalesce((employee.permissions ->> ${name})::boolean, ${fallback})`;
}
