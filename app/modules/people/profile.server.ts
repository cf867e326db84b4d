import type { ProgramDb } from "~/modules/db/program-db.server";
import { personColumns, toPersonOption } from "./lookup.server";

/** A first profile: the person, their manager and their groups (the wall comes with the features that post to it). */
export async function loadProfile(db: ProgramDb, employeeId: number) {
  const row = await db
    .selectFrom("employee")
    .select([...personColumns, "employee.parent_employee_id", "employee.email", "employee.preferences", "employee.hire_date", "employee.department"])
    .where("employee.id", "=", employeeId)
    .where("employee.active", "=", true)
    .executeTakeFirst();
  if (!row) return null;
  const [manager, groups] = await Promise.all([
    row.parent_employee_id
      ? db.selectFrom("employee").select(personColumns).where("employee.id", "=", row.parent_employee_id).where("employee.active", "=", true).executeTakeFirst()
      : undefined,
    db
      .selectFrom("employee_group as g")
      .innerJoin("employee_group_member as m", "m.group_id", "g.id")
      .select(["g.id", "g.name"])
      .where("m.employee_id", "=", employeeId)
      .orderBy("g.name")
      .execute(),
  ]);
  return {
    person: toPersonOption(row),
    email: row.email,
    startedOn: row.hire_date,
    department: row.department,
    manager: manager ? toPersonOption(manager) : null,
    groups,
    /** What the person's preferences let a viewer see (server only: the page sends what they allow). */
    privacy: { id: row.id, parentEmployeeId: row.parent_employee_id, preferences: row.preferences },
  };
}
