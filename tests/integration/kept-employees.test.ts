import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crossProgramDb } from "~/modules/db/database.server";
import { PEOPLE_NOTED_AT_MOST } from "~/modules/db/person-versions";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { KeptEmployees } from "~/modules/employees/kept-employees.server";
import { CURRENT_EMPLOYEE_COLUMNS } from "~/modules/employees/service.server";
import { eventually } from "../setup/eventually";
import { createTestApp, tenantOf, type TestApp } from "../setup/test-app";

// The signed-in person's row, kept by the process until their own version moves (decisions 091
// and 127): whatever changes what the viewer shows must reach the next request, and nothing that
// concerns only someone else makes it read again.
let testApp: TestApp;
let acme: ProgramDb;
let globex: ProgramDb;
let employeeId: number;
beforeAll(async () => {
  testApp = await createTestApp({ population: 3 });
  acme = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
  globex = testApp.app.database.forProgram(tenantOf(testApp.app, "globex").programId);
  employeeId = (await acme.selectFrom("employee").select("id").where("login_id", "=", "employee").executeTakeFirstOrThrow()).id;
});
afterAll(() => testApp.close());

const cross = () => crossProgramDb(testApp.app.database);

/** Changes the row with its triggers off: the version stays, so only a process that reads again could see it. */
async function renameUnseen(displayName: string) {
  await cross()
    .transaction()
    .execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx.updateTable("employee").set({ display_name: displayName }).where("id", "=", employeeId).execute();
    });
}

/** Reads until the process keeps the version: a change nobody hears no longer shows. */
async function keptBy(people: KeptEmployees) {
  const kept = await eventually(
    async () => {
      const before = (await people.read(acme, employeeId))!.employee.displayName;
      await renameUnseen(`${before}!`);
      return (await people.read(acme, employeeId))!.employee.displayName === before;
    },
    (same) => same,
    10,
  );
  expect(kept).toBe(true);
}

/** The program's viewer version as the database holds it. */
async function storedViewerVersion() {
  const { rows } = await sql<{ version: string }>`select version::text from viewer_version where program_id = ${acme.programId}`.execute(cross());
  return rows[0]?.version ?? "0";
}

describe("the people a process keeps", () => {
  it("keep a row until the person's own version moves, and read it afresh at any change that moves it", async () => {
    const people = new KeptEmployees();
    await keptBy(people);
    await cross().updateTable("employee").set({ job_title: "Kept no longer" }).where("id", "=", employeeId).execute();
    const found = await eventually(() => people.read(acme, employeeId), (row) => row?.employee.jobTitle === "Kept no longer", 5);
    expect(found!.employee.jobTitle).toBe("Kept no longer");
  });

  it("keep a row across a colleague's new title and notification, committed together elsewhere", async () => {
    const people = new KeptEmployees();
    await keptBy(people);
    const kept = (await people.read(acme, employeeId))!.employee.displayName;
    const { id: colleagueId } = await acme.selectFrom("employee").select("id").where("login_id", "=", "manager").executeTakeFirstOrThrow();
    await cross()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable("employee").set({ job_title: `Colleague ${Date.now()}` }).where("id", "=", colleagueId).execute();
        await trx
          .insertInto("notification")
          .values({ program_id: acme.programId, employee_id: colleagueId, type: "TEST", message: "Not yours", dedupe_key: `colleague-${Date.now()}` })
          .execute();
      });
    // The title moves the program's viewer version in the same commit: once the process holds the new one, it heard the commit whole.
    const stored = await storedViewerVersion();
    expect(await eventually(() => acme.changeVersion("viewer"), (version) => version === stored, 5)).toBe(stored);
    expect((await people.read(acme, employeeId))!.employee.displayName).toBe(kept);
  });

  it("read a manager's row afresh when a report joins them, and a delegate's when someone delegates to them", async () => {
    const people = new KeptEmployees();
    const { id: managerId } = await acme.selectFrom("employee").select("id").where("login_id", "=", "manager").executeTakeFirstOrThrow();
    const { id: reportId, parent_employee_id: parent } = await acme
      .selectFrom("employee")
      .select(["id", "parent_employee_id"])
      .where("login_id", "=", "newhire")
      .executeTakeFirstOrThrow();
    await keptBy(people);
    const reports = (await people.read(acme, managerId))!.employee.directReportCount;
    await cross().updateTable("employee").set({ parent_employee_id: managerId }).where("id", "=", reportId).execute();
    const joined = parent === managerId ? reports : reports + 1;
    expect((await eventually(() => people.read(acme, managerId), (row) => row?.employee.directReportCount === joined, 5))!.employee.directReportCount).toBe(joined);
    await cross().updateTable("employee").set({ parent_employee_id: parent }).where("id", "=", reportId).execute();

    const { id: delegateId } = await acme
      .selectFrom("employee")
      .select("id")
      .where("active", "=", true)
      .where("id", "not in", acme.selectFrom("employee_delegate").select("delegate_id"))
      .orderBy("id")
      .executeTakeFirstOrThrow();
    expect((await people.read(acme, delegateId))!.employee.hasDelegators).toBe(false);
    await cross().insertInto("employee_delegate").values({ program_id: acme.programId, delegator_id: managerId, delegate_id: delegateId }).execute();
    const delegated = await eventually(() => people.read(acme, delegateId), (row) => row?.employee.hasDelegators === true, 5);
    expect(delegated!.employee.hasDelegators).toBe(true);
    await cross().deleteFrom("employee_delegate").where("delegate_id", "=", delegateId).execute();
  });

  it("read every row afresh after a change to more people at once than are noted one by one", async () => {
    const people = new KeptEmployees();
    await keptBy(people);
    const kept = (await people.read(acme, employeeId))!.employee.displayName;
    await renameUnseen(`${kept} in bulk`);
    const login = `bulk-${Date.now()}-`;
    await sql`
      insert into employee (program_id, login_id, first_name, last_name, display_name, employee_type, permissions)
      select ${acme.programId}, ${login} || n, 'Bulk', 'Person', 'Bulk Person', 'EMPLOYEE', '{}' from generate_series(1, ${PEOPLE_NOTED_AT_MOST + 1}) as n`.execute(cross());
    const found = await eventually(() => people.read(acme, employeeId), (row) => row?.employee.displayName === `${kept} in bulk`, 5);
    expect(found!.employee.displayName).toBe(`${kept} in bulk`);
    await cross().deleteFrom("employee").where("login_id", "like", `${login}%`).execute();
  });

  it("count a notification another handle wrote, and one read, on the next read", async () => {
    const people = new KeptEmployees();
    await keptBy(people);
    const before = (await people.read(acme, employeeId))!.employee.unreadNotifications;
    const [notification] = await cross()
      .insertInto("notification")
      .values({ program_id: acme.programId, employee_id: employeeId, type: "TEST", message: "Kept no longer", dedupe_key: `kept-${Date.now()}` })
      .returning("id")
      .execute();
    const counted = await eventually(() => people.read(acme, employeeId), (row) => row?.employee.unreadNotifications === before + 1, 5);
    expect(counted!.employee.unreadNotifications).toBe(before + 1);
    // Through the program's own handle: the process knows of its own write before anything is heard.
    await acme.updateTable("notification").set({ is_read: true }).where("id", "=", notification!.id).execute();
    expect((await people.read(acme, employeeId))!.employee.unreadNotifications).toBe(before);
  });

  it("sign a deactivated person out at once when the program's own handle deactivates them", async () => {
    const people = new KeptEmployees();
    const { id } = await acme.selectFrom("employee").select("id").where("login_id", "=", "newhire").executeTakeFirstOrThrow();
    expect(await people.read(acme, id)).not.toBeNull();
    await acme.updateTable("employee").set({ active: false }).where("id", "=", id).execute();
    expect(await people.read(acme, id)).toBeNull();
    await acme.updateTable("employee").set({ active: true }).where("id", "=", id).execute();
  });

  it("hand out copies, and never another program's person", async () => {
    const people = new KeptEmployees();
    const first = (await people.read(acme, employeeId))!;
    first.employee.displayName = "Changed by a caller";
    first.employee.permissions.canRedeemCodes = !first.employee.permissions.canRedeemCodes;
    const second = (await people.read(acme, employeeId))!;
    expect(second.employee.displayName).not.toBe("Changed by a caller");
    expect(second.employee.permissions).not.toEqual(first.employee.permissions);
    expect(await people.read(globex, employeeId)).toBeNull();
  });

  it("are told of a change to any column a row is read from", async () => {
    const watched = async (trigger: string) => {
      const { rows } = await sql<{ column: string }>`
        select a.attname as column from pg_trigger t join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr::int2[])
        where t.tgname = ${trigger}`.execute(cross());
      return rows.map((row) => row.column).sort();
    };
    const neverUpdated = ["id", "program_id"];
    const drawnOn = [...CURRENT_EMPLOYEE_COLUMNS.filter((column) => !neverUpdated.includes(column)), "preferences", "active", "parent_employee_id"];
    expect(await watched("employee_person_changed")).toEqual([...drawnOn].sort());
    // The program's viewer version watches them too, for the pages that show people (decision 111), with what a profile shows besides.
    const profileShows = ["email", "hire_date", "department", "avatar_asset_id"];
    expect(await watched("employee_viewer_changed")).toEqual([...drawnOn, ...profileShows].sort());
  });

  it("keep no more rows than they may", async () => {
    const people = new KeptEmployees(1);
    const { id: otherId } = await acme.selectFrom("employee").select("id").where("login_id", "=", "manager").executeTakeFirstOrThrow();
    await keptBy(people);
    const name = (await people.read(acme, employeeId))!.employee.displayName;
    await people.read(acme, otherId);
    await renameUnseen(`${name} read again`);
    expect((await people.read(acme, employeeId))!.employee.displayName).toBe(`${name} read again`);
  });
});
