import { escapeLike } from "~/modules/db/like";
import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { EmployeePermissions } from "~/modules/employees/permissions";
import type { PeopleStatus } from "./people-admin";
import type { PersonForm } from "./person-form.server";

export const PEOPLE_PAGE_SIZE = 50;

/** Where a change to a person came from: the people page, or a people import. */
export type ChangeSource = "people" | "import";

/** A page of the program's people for its managers: by name, username, e-mail or employee code; active, left, or both. */
export async function findPeople(db: ProgramDb, { q, status, page }: { q: string; status: PeopleStatus; page: number }) {
  const pattern = `%${escapeLike(q.trim().toLowerCase())}%`;
  const rows = await db
    .selectFrom("employee")
    .select(["id", "display_name as displayName", "login_id as loginId", "employee_code as employeeCode", "email", "job_title as jobTitle", "active", "employee_type as employeeType"])
    .$if(q.trim() !== "", (query) =>
      query.where((eb) =>
        eb.or(["display_name", "login_id", "email", "employee_code"].map((column) => eb(sql`lower(${sql.ref(column)})`, "like", pattern))),
      ),
    )
    .$if(status !== "all", (query) => query.where("active", "=", status === "active"))
    .orderBy(sql`lower(display_name)`)
    .orderBy("id")
    .limit(PEOPLE_PAGE_SIZE + 1)
    .offset((page - 1) * PEOPLE_PAGE_SIZE)
    .execute();
  return { people: rows.slice(0, PEOPLE_PAGE_SIZE), more: rows.length > PEOPLE_PAGE_SIZE };
}

/** Everything the person page shows and edits, or null (no such person in this program). */
export async function personForAdmin(db: ProgramDb, employeeId: number) {
  const row = await personRow(db, employeeId);
  if (!row) return null;
  const [groups, segments, memberOf, inSegments] = await Promise.all([
    db.selectFrom("employee_group").select(["id", "name"]).orderBy("name").execute(),
    db.selectFrom("segment").select(["id", "name"]).orderBy("name").execute(),
    db.selectFrom("employee_group_member").select("group_id").where("employee_id", "=", employeeId).execute(),
    db.selectFrom("employee_segment").select("segment_id").where("employee_id", "=", employeeId).execute(),
  ]);
  return {
    ...row,
    groups,
    segments,
    groupIds: memberOf.map((member) => member.group_id),
    segmentIds: inSegments.map((member) => member.segment_id),
  };
}

/** A person's own fields and their manager's names. */
async function personRow(db: ProgramDb, employeeId: number) {
  const row = await db
    .selectFrom("employee")
    .leftJoin("employee as manager", "manager.id", "employee.parent_employee_id")
    .select([
      "employee.id",
      "employee.login_id as loginId",
      "employee.first_name as firstName",
      "employee.last_name as lastName",
      "employee.display_name as displayName",
      "employee.email",
      "employee.job_title as jobTitle",
      "employee.department",
      "employee.employee_code as employeeCode",
      "employee.employee_type as employeeType",
      "employee.hire_date as hireDate",
      "employee.birth_month as birthMonth",
      "employee.birth_day as birthDay",
      "employee.permissions",
      "employee.active",
      "employee.deactivated_at as deactivatedAt",
      "employee.last_signed_in_at as lastSignedInAt",
      "manager.login_id as managerLoginId",
      "manager.display_name as managerName",
    ])
    .where("employee.id", "=", employeeId)
    .executeTakeFirst();
  return row ? { ...row, permissions: row.permissions as Partial<EmployeePermissions> } : null;
}

/**
 * A person as the change history records them: what a program manager can
 * change, in words. Read twice per change (an import's thousands included), so
 * only the person's own groups and segments are read, by name.
 */
async function snapshot(db: ProgramDb, employeeId: number): Promise<Record<string, unknown>> {
  const [person, groups, segments] = await Promise.all([
    personRow(db, employeeId),
    db.selectFrom("employee_group_member as m").innerJoin("employee_group as g", "g.id", "m.group_id").select("g.name").where("m.employee_id", "=", employeeId).orderBy("g.name").execute(),
    db.selectFrom("employee_segment as m").innerJoin("segment as s", "s.id", "m.segment_id").select("s.name").where("m.employee_id", "=", employeeId).orderBy("s.name").execute(),
  ]);
  if (!person) throw new Error(`No employee ${employeeId}`);
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    displayName: person.displayName,
    email: person.email,
    jobTitle: person.jobTitle,
    department: person.department,
    employeeCode: person.employeeCode,
    employeeType: person.employeeType,
    manager: person.managerName ? `${person.managerName} (${person.managerLoginId})` : null,
    hireDate: person.hireDate,
    birthday: person.birthMonth ? `${person.birthMonth}-${person.birthDay}` : null,
    groups: groups.map((group) => group.name),
    segments: segments.map((segment) => segment.name),
    permissions: person.permissions,
    active: person.active,
  };
}

/** Runs `change` to a person in a transaction, with a line in their change history when anything changed. */
export async function audited(db: ProgramDb, employeeId: number, by: { employeeId: number | null; source: ChangeSource }, change: (tx: ProgramDb) => Promise<void>) {
  await db.transaction(async (tx) => {
    const before = await snapshot(tx, employeeId);
    await change(tx);
    const after = await snapshot(tx, employeeId);
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    await tx
      .insertInto("employee_change", { employee_id: employeeId, changed_by: by.employeeId, source: by.source, before: JSON.stringify(before), after: JSON.stringify(after) })
      .execute();
  });
}

type FieldErrors = Partial<Record<keyof PersonForm, string[]>>;
export type SaveResult = { ok: true } | { ok: false; fieldErrors: FieldErrors };

/** The active person a manager field names: by username or employee code, whichever it is. */
async function findManager(db: ProgramDb, name: string) {
  const normalized = name.trim().toLowerCase();
  return db
    .selectFrom("employee")
    .select(["id", "display_name"])
    .where("active", "=", true)
    .where((eb) => eb.or([eb(sql`lower(login_id)`, "=", normalized), eb(sql`lower(employee_code)`, "=", normalized)]))
    .executeTakeFirst();
}

/** Whether `managerId` reports, directly or through others, to `employeeId` (so making them its manager would close a loop). */
async function reportsTo(db: ProgramDb, managerId: number, employeeId: number) {
  const found = await db
    .withRecursive("chain(id, depth)", (qb) =>
      qb
        .selectFrom("employee")
        .select([sql<number>`parent_employee_id`.as("id"), sql<number>`1`.as("depth")])
        .where("id", "=", managerId)
        .unionAll((up) =>
          up
            .selectFrom("employee")
            .innerJoin("chain", "chain.id", "employee.id")
            .select([sql<number>`employee.parent_employee_id`.as("id"), sql<number>`chain.depth + 1`.as("depth")])
            .where(sql<boolean>`chain.depth < 100`),
        ),
    )
    .selectFrom("chain")
    .select("id")
    .where("id", "=", employeeId)
    .executeTakeFirst();
  return found !== undefined;
}

/** Problems no form check can see: names and codes taken, a manager who is not there or would close a loop, groups of no one. */
async function conflicts(db: ProgramDb, employeeId: number, form: PersonForm, managerId: number | null | undefined): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (form.manager && managerId === undefined) errors.manager = ["No one active in the program has this username or employee code."];
  if (managerId === employeeId) errors.manager = ["A person cannot be their own manager."];
  else if (managerId && (await reportsTo(db, managerId, employeeId))) errors.manager = ["This person reports to them already: choose someone else."];
  if (form.email) {
    const taken = await db.selectFrom("employee").select("id").where(sql`lower(email)`, "=", form.email.toLowerCase()).where("id", "!=", employeeId).executeTakeFirst();
    if (taken) errors.email = ["Another person in the program has this e-mail address."];
  }
  if (form.employeeCode) {
    const taken = await db.selectFrom("employee").select("id").where(sql`lower(employee_code)`, "=", form.employeeCode.toLowerCase()).where("id", "!=", employeeId).executeTakeFirst();
    if (taken) errors.employeeCode = ["Another person in the program has this employee code."];
  }
  const known = async (table: "employee_group" | "segment", ids: number[]) =>
    ids.length === 0 ? true : (await db.selectFrom(table).select("id").where("id", "in", ids).execute()).length === new Set(ids).size;
  if (!(await known("employee_group", form.groups))) errors.groups = ["A group chosen is no longer there: choose again."];
  if (!(await known("segment", form.segments))) errors.segments = ["A segment chosen is no longer there: choose again."];
  return errors;
}

/**
 * Saves a person as a program manager changed them, in one transaction with
 * its line in the change history. `flags` are the permission flags the page
 * offered (the core's and the enabled plugins'): each is set as checked; any
 * other flag the person has stays as it was.
 */
export async function savePerson(
  db: ProgramDb,
  employeeId: number,
  form: PersonForm,
  { by, flags }: { by: number; flags: readonly string[] },
): Promise<SaveResult> {
  if (employeeId === by && form.employeeType !== "PROGRAM_MANAGER") {
    return { ok: false, fieldErrors: { employeeType: ["You cannot take away your own program manager role: another program manager can."] } };
  }
  const manager = form.manager ? await findManager(db, form.manager) : null;
  const fieldErrors = await conflicts(db, employeeId, form, manager === undefined ? undefined : (manager?.id ?? null));
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };

  await audited(db, employeeId, { employeeId: by, source: "people" }, async (tx) => {
    const current = await tx.selectFrom("employee").select("permissions").where("id", "=", employeeId).executeTakeFirstOrThrow();
    const permissions = { ...current.permissions, ...Object.fromEntries(flags.map((flag) => [flag, form.permissions.includes(flag)])) };
    await tx
      .updateTable("employee")
      .set({
        first_name: form.firstName,
        last_name: form.lastName,
        display_name: form.displayName,
        email: form.email ?? null,
        job_title: form.jobTitle ?? null,
        department: form.department ?? null,
        employee_code: form.employeeCode ?? null,
        employee_type: form.employeeType,
        parent_employee_id: manager?.id ?? null,
        hire_date: form.hireDate ?? null,
        birth_month: form.birthMonth ?? null,
        birth_day: form.birthDay ?? null,
        permissions: JSON.stringify(permissions),
      })
      .where("id", "=", employeeId)
      .execute();
    await tx.deleteFrom("employee_group_member").where("employee_id", "=", employeeId).execute();
    if (form.groups.length > 0) await tx.insertInto("employee_group_member", [...new Set(form.groups)].map((group_id) => ({ group_id, employee_id: employeeId }))).execute();
    await tx.deleteFrom("employee_segment").where("employee_id", "=", employeeId).execute();
    if (form.segments.length > 0) await tx.insertInto("employee_segment", [...new Set(form.segments)].map((segment_id) => ({ segment_id, employee_id: employeeId }))).execute();
  });
  return { ok: true };
}

/**
 * Deactivates a person who left (or brings them back). They keep their
 * history; deactivated, they cannot sign in, their sessions end, and nothing
 * is sent to them. A program manager cannot deactivate themselves.
 */
export async function setActive(db: ProgramDb, employeeId: number, active: boolean, by: { employeeId: number | null; source: ChangeSource }) {
  if (!active && employeeId === by.employeeId) return { ok: false as const, message: "You cannot deactivate yourself: another program manager can." };
  await audited(db, employeeId, by, (tx) => changeStatus(tx, employeeId, active));
  return { ok: true as const };
}

/** Deactivates (ending their sessions) or reactivates a person; what is already so stays as it is. */
export async function changeStatus(db: ProgramDb, employeeId: number, active: boolean) {
  await db
    .updateTable("employee")
    .set(active ? { active: true, deactivated_at: null } : { active: false, deactivated_at: new Date(), sessions_valid_after: new Date() })
    .where("id", "=", employeeId)
    .where("active", "=", !active)
    .execute();
}

/** A person's change history, newest first: who changed what, from where. */
export async function personChanges(db: ProgramDb, employeeId: number, limit = 20) {
  return db
    .selectFrom("employee_change")
    .leftJoin("employee as by", "by.id", "employee_change.changed_by")
    .select(["employee_change.id", "employee_change.source", "employee_change.before", "employee_change.after", "employee_change.changed_at as changedAt", "by.display_name as byName"])
    .where("employee_change.employee_id", "=", employeeId)
    .orderBy("employee_change.id", "desc")
    .limit(limit)
    .execute();
}
