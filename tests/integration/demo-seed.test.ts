import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoProgram } from "~/modules/demo/seed.server";
import { loadCurrentEmployee } from "~/modules/employees/service.server";
import { createTestApp, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ population: 40 });
});
afterAll(() => testApp.close());

async function employee(subdomain: string, loginId: string) {
  const db = testApp.app.database.forProgram(tenantOf(testApp.app, subdomain).programId);
  const { id } = await db.selectFrom("employee").select("id").where("login_id", "=", loginId).executeTakeFirstOrThrow();
  return (await loadCurrentEmployee(db, id))!;
}

describe("demo programs", () => {
  it("have an employee, a manager with direct reports and a program-manager admin", async () => {
    const plain = await employee("acme", "employee");
    expect(plain).toMatchObject({ employeeType: "EMPLOYEE", isSupervisor: false });
    expect(plain.permissions).toMatchObject({ admin: false, usesPoints: true, canRedeemCodes: true });

    const manager = await employee("acme", "manager");
    expect(manager.isSupervisor).toBe(true);
    expect(manager.directReportCount).toBeGreaterThanOrEqual(8);

    const admin = await employee("acme", "admin");
    expect(admin.employeeType).toBe("PROGRAM_MANAGER");
    // Acme has the lots plugin on, which grants its permissions to the demo admin; Globex has it off.
    expect(admin.permissions).toMatchObject({ admin: true, canRedeemCodes: true, canCreateLots: true, canActivateLots: true });
    expect((await employee("globex", "admin")).permissions.canCreateLots).toBeUndefined();
  });

  it("have a synthetic population in groups and segments, the same on every run", async () => {
    const scoped = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
    const people = await scoped.selectFrom("employee").select(["login_id"]).orderBy("id").execute();
    expect(people).toHaveLength(45);
    const members = await scoped.selectFrom("employee_group_member").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(members.n)).toBe(45);
    const segments = await scoped.selectFrom("segment").select("name").orderBy("name").execute();
    expect(segments.map((s) => s.name)).toEqual(["Asia Pacific", "Europe", "North America"]);
    expect(people[5].login_id).toMatch(/^[a-z]+\.[a-z']*[a-z]+\.1$/);
  });

  it("are seeded only once", async () => {
    expect(await seedDemoProgram(testApp.app.database, tenantOf(testApp.app, "acme"), { population: 1 })).toBeNull();
  });
});
