import type { ProgramDb } from "~/modules/db/program-db.server";
import { personColumns, toPersonOption } from "./lookup.server";

/**
 * A first profile: the person, their manager and their groups (the wall comes with the features
 * that post to it). Two queries at once: the person with their manager, and their groups.
 */
export async function loadProfile(db: ProgramDb, employeeId: number) {
  const [row, groups] = await Promise.all([
    db
      .selectFrom("employee")
      .leftJoin("employee as manager", (join) => join.onRef("manager.id", "=", "employee.parent_employee_id").on("manager.active", "=", true))
      .select([...personColumns, "employee.parent_employee_id", "employee.email", "employee.preferences", "employee.hire_date", "employee.department", "employee.permissions"])
      .select(["manager.id as manager_id", "manager.display_name as manager_display_name", "manager.first_name as manager_first_name", "manager.last_name as manager_last_name", "manager.job_title as manager_job_title", "manager.avatar_asset_id as manager_avatar_asset_id"])
      .where("employee.id", "=", employeeId)
      .where("employee.active", "=", true)
      .executeTakeFirst(),
    db
      .selectFrom("employee_group as g")
      .innerJoin("employee_group_member as m", "m.group_id", "g.id")
      .select(["g.id", "g.name"])
      .where("m.employee_id", "=", employeeId)
      .orderBy("g.name")
      .execute(),
  ]);
  if (!row) return null;
  const manager =
    row.manager_id === null
      ? null
      : toPersonOption({
          id: row.manager_id,
          display_name: row.manager_display_name!,
          first_name: row.manager_first_name!,
          last_name: row.manager_last_name!,
          job_title: row.manager_job_title,
          avatar_asset_id: row.manager_avatar_asset_id,
        });
  return {
    person: toPersonOption(row),
    email: row.email,
    startedOn: row.hire_date,
    department: row.department,
    manager,
    groups,
    /** What the person's preferences let a viewer see (server only: the page sends what they allow). */
    privacy: { id: row.id, parentEmployeeId: row.parent_employee_id, preferences: row.preferences },
    /** The person's stored permission flags (server only: what plugins offer to do for them depends on it). */
    permissions: row.permissions,
  };
}
