import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findEmployeeBySignInName } from "~/modules/employees/service.server";
import { action as importAction, loader as importLoader } from "~/routes/admin.people.import";
import { eventually } from "../setup/eventually";
import { contextFor, createTestApp, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ population: 12 });
});
afterAll(() => testApp.close());

const db = (subdomain = "acme") => testApp.app.database.forProgram(tenantOf(testApp.app, subdomain).programId);

async function send(body: FormData, subdomain = "acme") {
  const { cookie } = await signInAs(testApp.app, subdomain, "admin");
  const request = requestTo(subdomain, "/admin/people/import", { method: "POST", body, cookie });
  return (await settle(() => importAction({ request, context: contextFor(testApp.app, subdomain), params: {} }))) as Response;
}

function fileForm(name: string, bytes: Uint8Array<ArrayBuffer> | string) {
  const form = new FormData();
  form.set("intent", "check");
  form.set("file", new File([bytes], name));
  return form;
}

async function imports(subdomain = "acme") {
  const { cookie } = await signInAs(testApp.app, subdomain, "admin");
  const page = await importLoader({ request: requestTo(subdomain, "/admin/people/import", { cookie }), context: contextFor(testApp.app, subdomain), params: {} });
  return (await page.json()).imports as { id: number; status: string; summary: { added: number; changed: number; deactivated: number }; error: string | null }[];
}

describe("a people import", () => {
  it("lists every problem with its row and column, and applies nothing", async () => {
    const group = (await db().selectFrom("employee_group").select("name").orderBy("name").executeTakeFirstOrThrow()).name;
    const csv = [
      "employeeCode,username,firstName,lastName,email,managerCode,groups,hireDate,birthday,canUploadPoints",
      `N-1,nina.new,Nina,New,nina@acme.example.com,E-admin,"${group}",2021-02-30,02-29,yes`,
      "N-2,,Ned,,employee@acme.example.com,N-404,No Such Team,,13-01,maybe",
      "N-1,nina.again,Nina,Again,,,,,,",
      "E-employee,,,,,,,,,",
    ].join("\r\n");
    const response = await send(fileForm("people.csv", csv));
    expect(response.status).toBe(400);
    const { problems } = await response.json();
    expect(problems).toEqual([
      { line: 2, column: "hireDate", message: "Write a date as YYYY-MM-DD, like 2024-03-18." },
      { line: 3, column: "canUploadPoints", message: "Write yes or no." },
      { line: 3, column: "username", message: "A new person needs a username." },
      { line: 3, column: "lastName", message: "A new person needs a last name." },
      { line: 3, column: "email", message: "Someone else in the program has this e-mail address." },
      { line: 3, column: "groups", message: "No group is called “No Such Team”." },
      { line: 3, column: "birthday", message: "There is no such month." },
      { line: 3, column: "managerCode", message: "No one has employee code N-404, in the file or the program." },
      { line: 4, column: "employeeCode", message: "Employee code N-1 is also on row 2." },
    ]);
    expect(await imports()).toEqual([]);
    expect(await db().selectFrom("employee").select("id").where("employee_code", "in", ["N-1", "N-2"]).execute()).toEqual([]);
  });

  it("refuses a file that is not a table, a column it does not know, and a manager loop", async () => {
    const notATable = await send(fileForm("photo.csv", new Uint8Array([0xff, 0xd8, 0xff, 0x00, 0x01])));
    expect((await notATable.json()).fileError).toBe("This is not a CSV (UTF-8) or .xlsx file.");
    const unknown = await send(fileForm("people.csv", "employeeCode,shoeSize\nE-admin,44\n"));
    expect((await unknown.json()).problems[0]).toMatchObject({ line: 1, column: "shoeSize" });
    const loop = await send(fileForm("people.csv", "employeeCode,managerCode\nE-admin,E-manager\nE-manager,E-admin\n"));
    expect((await loop.json()).problems.map((problem: { line: number }) => problem.line)).toEqual([2, 3]);
  });

  it("adds, changes and deactivates people from a workbook once applied, in a job, each change in their history", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("People");
    sheet.addRow(["Employee Code", "Username", "First Name", "Last Name", "Manager Code", "Hire Date", "Birthday", "Job Title", "Department", "Active", "canUploadPoints"]);
    sheet.addRow(["N-10", "olga.open", "Olga", "Open", "E-admin", new Date(Date.UTC(2020, 0, 6)), "02-29", "Analyst", "Finance", "", "yes"]);
    sheet.addRow(["E-employee", "", "", "", "N-10", "", "", "Principal Engineer", "", "", ""]);
    sheet.addRow(["E-invited", "", "", "", "", "", "", "", "", "no", ""]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());

    const checked = await send(fileForm("people.xlsx", bytes));
    expect(checked.status, checked.status === 400 ? JSON.stringify(await checked.json()) : "").toBe(302);
    const [pending] = await imports();
    expect(pending).toMatchObject({ status: "checked", summary: { added: 1, changed: 1, deactivated: 1 } });
    // Checked, not applied.
    expect(await db().selectFrom("employee").select("id").where("employee_code", "=", "N-10").executeTakeFirst()).toBeUndefined();

    const apply = () => {
      const form = new FormData();
      form.set("intent", "apply");
      form.set("importId", String(pending!.id));
      return form;
    };
    expect((await send(apply())).status).toBe(302);
    expect((await send(apply())).status).toBe(400);
    const [done] = await eventually(imports, ([latest]) => latest?.status === "done" || latest?.status === "failed");
    expect(done).toMatchObject({ status: "done", error: null });

    const olga = await db().selectFrom("employee").selectAll().where("employee_code", "=", "N-10").executeTakeFirstOrThrow();
    const admin = await db().selectFrom("employee").select("id").where("login_id", "=", "admin").executeTakeFirstOrThrow();
    expect(olga).toMatchObject({ login_id: "olga.open", display_name: "Olga Open", job_title: "Analyst", department: "Finance", parent_employee_id: admin.id, hire_date: "2020-01-06", birth_month: 2, birth_day: 29, password_hash: null });
    expect(olga.permissions).toMatchObject({ canUploadPoints: true });
    const emery = await db().selectFrom("employee").select(["job_title", "parent_employee_id", "first_name"]).where("login_id", "=", "employee").executeTakeFirstOrThrow();
    expect(emery).toEqual({ job_title: "Principal Engineer", parent_employee_id: olga.id, first_name: "Emery" });
    expect(await findEmployeeBySignInName(db(), "invited")).toBeUndefined();
    const history = await db().selectFrom("employee_change").select(["source", "changed_by"]).where("employee_id", "=", olga.id).execute();
    expect(history).toEqual([{ source: "import", changed_by: admin.id }]);
  });

  it("is never applied from another program", async () => {
    const [latest] = await imports();
    const form = new FormData();
    form.set("intent", "apply");
    form.set("importId", String(latest!.id));
    expect((await send(form, "globex")).status).toBe(400);
    expect(await imports("globex")).toEqual([]);
  });
});
