import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getViewer } from "~/modules/auth/guards.server";
import { forProgram } from "~/modules/db/program-db.server";
import { findEmployeeBySignInName, loadCurrentEmployee } from "~/modules/employees/service.server";
import { loader as feedLoader } from "~/routes/feed";
import { loader as colorLoader } from "~/routes/css.color[.]css";
import { contextFor, createTestApp, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe("tenants never see each other", () => {
  it("refuses an acme session at globex, while it works at acme", async () => {
    const { app } = testApp;
    const { cookie } = await signInAs(app, "acme", "admin");
    const atGlobex = (await settle(() => feedLoader({ request: requestTo("globex", "/feed", { cookie }), context: contextFor(app, "globex"), params: {} }))) as Response;
    expect(atGlobex.status).toBe(302);
    expect(atGlobex.headers.get("Location")).toBe("/login");
    expect(await getViewer({ request: requestTo("globex", "/feed", { cookie }), context: contextFor(app, "globex") })).toBeNull();

    const atAcme = await getViewer({ request: requestTo("acme", "/feed", { cookie }), context: contextFor(app, "acme") });
    expect(atAcme?.employee.loginId).toBe("admin");
  });

  it("does not find an acme employee id from globex", async () => {
    const { app } = testApp;
    const { employeeId } = await signInAs(app, "acme", "employee");
    const globex = forProgram(app.database.db, tenantOf(app, "globex").programId);
    const acme = forProgram(app.database.db, tenantOf(app, "acme").programId);
    expect(await loadCurrentEmployee(acme, employeeId)).not.toBeNull();
    expect(await loadCurrentEmployee(globex, employeeId)).toBeNull();
    expect(await globex.selectFrom("employee").select("id").where("id", "=", employeeId).executeTakeFirst()).toBeUndefined();
  });

  it("signs a username in only in its own program", async () => {
    const { app } = testApp;
    const acme = forProgram(app.database.db, tenantOf(app, "acme").programId);
    const globex = forProgram(app.database.db, tenantOf(app, "globex").programId);
    const acmeEmployee = await findEmployeeBySignInName(acme, "employee");
    const globexEmployee = await findEmployeeBySignInName(globex, "employee");
    expect(acmeEmployee!.id).not.toBe(globexEmployee!.id);
    expect(await findEmployeeBySignInName(globex, "employee@acme.example.com")).toBeUndefined();
  });

  it("cannot update or delete another program's rows, and stamps inserts with the program", async () => {
    const { app } = testApp;
    const { employeeId } = await signInAs(app, "acme", "employee");
    const globex = forProgram(app.database.db, tenantOf(app, "globex").programId);
    const updated = await globex.updateTable("employee").set({ job_title: "Hacked" }).where("id", "=", employeeId).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(0n);
    const deleted = await globex.deleteFrom("employee").where("id", "=", employeeId).executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(0n);

    const group = await globex.insertInto("employee_group", { name: "Isolation check", bucket: "TEST" }).returning(["program_id"]).executeTakeFirstOrThrow();
    expect(group.program_id).toBe(tenantOf(app, "globex").programId);
  });

  it("serves each program its own colours", async () => {
    const { app } = testApp;
    const css = async (subdomain: string) =>
      (await colorLoader({ request: requestTo(subdomain, "/css/color.css"), context: contextFor(app, subdomain), params: {} })).text();
    expect(await css("acme")).toContain("--brand-primary:#c2410c");
    expect(await css("globex")).toContain("--brand-primary:#15803d");
  });
});
