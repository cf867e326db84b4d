import type { ProgramDb } from "~/modules/db/program-db.server";

/** A person's team: themselves, their manager, the people who share that manager, and their own reports (active people only). */
export async function teamAround(db: ProgramDb, employeeId: number) {
  const person = await db.selectFrom("employee").select("parent_employee_id").where("id", "=", employeeId).executeTakeFirst();
  if (!person) return [];
  const manager = person.parent_employee_id;
  const rows = await db
    .selectFrom("employee")
    .select("id")
    .where("active", "=", true)
    .where((eb) => eb.or([eb("id", "=", employeeId), eb("parent_employee_id", "=", employeeId), ...(manager === null ? [] : [eb("id", "=", manager), eb("parent_employee_id", "=", manager)])]))
    .execute();
  return rows.map((row) => row.id);
}
