import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getViewer } from "~/modules/auth/guards.server";
import { findEmployeeBySignInName } from "~/modules/employees/service.server";
import { action as personAction, loader as personLoader } from "~/routes/admin.people.$id";
import { loader as peopleLoader } from "~/routes/admin.people._index";
import { contextFor, createTestApp, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ population: 12 });
});
afterAll(() => testApp.close());

const db = (subdomain = "acme") => testApp.app.database.forProgram(tenantOf(testApp.app, subdomain).programId);
const idOf = async (loginId: string, subdomain = "acme") => (await db(subdomain).selectFrom("employee").select("id").where("login_id", "=", loginId).executeTakeFirstOrThrow()).id;

async function get(route: { loader: (args: never) => Promise<unknown> }, path: string, loginId: string, params: Record<string, string> = {}, subdomain = "acme") {
  const { cookie } = await signInAs(testApp.app, subdomain, loginId);
  const run = route.loader as (args: unknown) => Promise<Response>;
  return (await settle(() => run({ request: requestTo(subdomain, path, { cookie }), context: contextFor(testApp.app, subdomain), params }))) as Response;
}

/** The person page's form as the browser sends it: every field, repeated names for each checked box. */
async function pageFields(id: number) {
  const page = await (await get({ loader: personLoader }, `/admin/people/${id}`, "admin", { id: String(id) })).json();
  const { person } = page;
  const fields: [string, string][] = [
    ["intent", "save"],
    ["firstName", person.firstName],
    ["lastName", person.lastName],
    ["displayName", person.displayName],
    ["email", person.email ?? ""],
    ["jobTitle", person.jobTitle ?? ""],
    ["department", person.department ?? ""],
    ["employeeCode", person.employeeCode ?? ""],
    ["employeeType", person.employeeType],
    ["manager", person.managerLoginId ?? ""],
    ["hireDate", person.hireDate ?? ""],
    ["birthMonth", person.birthMonth ? String(person.birthMonth) : ""],
    ["birthDay", person.birthDay ? String(person.birthDay) : ""],
    ...person.groupIds.map((group: number) => ["groups", String(group)] as [string, string]),
    ...person.segmentIds.map((segment: number) => ["segments", String(segment)] as [string, string]),
    ...Object.entries(person.permissions as Record<string, boolean>).filter(([, on]) => on).map(([name]) => ["permissions", name] as [string, string]),
  ];
  return { page, fields };
}

const replace = (fields: [string, string][], name: string, value: string) => [...fields.filter(([key]) => key !== name), [name, value] as [string, string]];

async function post(id: number, fields: [string, string][], loginId = "admin", subdomain = "acme") {
  const { cookie } = await signInAs(testApp.app, subdomain, loginId);
  const request = requestTo(subdomain, `/admin/people/${id}`, { method: "POST", body: new URLSearchParams(fields), cookie });
  return (await settle(() => personAction({ request, context: contextFor(testApp.app, subdomain), params: { id: String(id) } }))) as Response;
}

describe("/admin/people", () => {
  it("is for program managers only", async () => {
    for (const path of ["/admin/people", `/admin/people/${await idOf("employee")}`]) {
      const response = await get(path.endsWith("people") ? { loader: peopleLoader } : { loader: personLoader }, path, "manager", { id: String(await idOf("employee")) });
      expect(response.headers.get("Location")).toBe("/feed");
    }
    expect((await post(await idOf("employee"), [["intent", "deactivate"]], "manager")).headers.get("Location")).toBe("/feed");
  });

  it("finds people by name, username, e-mail or employee code, and lists the deactivated apart", async () => {
    const search = async (params: Record<string, string>) =>
      (await (await get({ loader: peopleLoader }, `/admin/people?${new URLSearchParams(params)}`, "admin")).json()).people.map((person: { loginId: string }) => person.loginId);
    expect(await search({ q: "E-employee" })).toEqual(["employee"]);
    expect(await search({ q: "emery" })).toEqual(["employee"]);
    expect(await search({ q: "manager@acme" })).toEqual(["manager"]);
    expect(await search({ status: "inactive" })).toEqual([]);
  });

  it("saves details, manager, dates, groups and permissions from the core and enabled plugins, with a line in the history for each", async () => {
    const id = await idOf("employee");
    const { page, fields } = await pageFields(id);
    // The core's flags, then those of each plugin the program has on that declares any (from its manifest).
    const { registry } = testApp.app;
    const withFlags = registry.plugins.filter((plugin) => tenantOf(testApp.app, "acme").config.features[plugin.id]?.enabled && Object.keys(plugin.permissions ?? {}).length > 0);
    expect(page.sections.map((section: { title: string }) => section.title)).toEqual(["Program", ...withFlags.map((plugin) => plugin.title)]);
    // A plugin's flag that is off unless granted (whichever enabled plugin declares the first).
    const pluginFlag = page.sections.slice(1).flatMap((section: { flags: { name: string; label: string; default: boolean }[] }) => section.flags).find((flag: { default: boolean }) => !flag.default) as { name: string; label: string };
    const group = (await db().selectFrom("employee_group").select(["id", "name"]).orderBy("name").executeTakeFirstOrThrow());
    let next = replace(fields, "jobTitle", "Staff Engineer");
    next = replace(next, "department", "Platform");
    next = replace(next, "manager", "E-admin");
    next = replace(next, "hireDate", "2019-04-01");
    next = replace(next, "birthMonth", "2");
    next = replace(next, "birthDay", "29");
    next = [...next.filter(([key]) => key !== "groups"), ["groups", String(group.id)], ["permissions", pluginFlag.name], ["permissions", "canUploadPoints"]];
    const saved = await post(id, next);
    expect(saved.headers.get("Location"), saved.status === 400 ? JSON.stringify(await saved.json()) : "").toBe(`/admin/people/${id}`);

    const row = await db().selectFrom("employee").select(["job_title", "department", "parent_employee_id", "hire_date", "birth_month", "birth_day", "permissions"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ job_title: "Staff Engineer", department: "Platform", parent_employee_id: await idOf("admin"), hire_date: "2019-04-01", birth_month: 2, birth_day: 29 });
    expect(row.permissions).toMatchObject({ [pluginFlag.name]: true, canUploadPoints: true });
    const groups = await db().selectFrom("employee_group_member").select("group_id").where("employee_id", "=", id).execute();
    expect(groups.map((g) => g.group_id)).toEqual([group.id]);

    const after = await (await get({ loader: personLoader }, `/admin/people/${id}`, "admin", { id: String(id) })).json();
    const lines: string[] = after.changes[0].lines;
    // Only what changed: a flag written for the first time at its default is no change.
    expect(lines).toHaveLength(8);
    expect(after.changes[0].by).toBe("Alex Admin");
    expect(lines).toEqual(
      expect.arrayContaining([
        "Job title: “Software Engineer” → “Staff Engineer”",
        "Department: “Engineering” → “Platform”",
        expect.stringMatching(/^Manager: .* → “Alex Admin \(admin\)”$/),
        expect.stringMatching(/^Hire date: “\d{4}-\d{2}-\d{2}” → “2019-04-01”$/),
        expect.stringMatching(/^Birthday: “\d+ \w+” → “29 February”$/),
        expect.stringMatching(new RegExp(`^Groups: .* → “${group.name}”$`)),
        `${pluginFlag.label}: switched on`,
        "Uploads points: switched on",
      ]),
    );
    // Saved again as it is: nothing changed, no line.
    const again = await pageFields(id);
    await post(id, again.fields);
    expect((await (await get({ loader: personLoader }, `/admin/people/${id}`, "admin", { id: String(id) })).json()).changes).toHaveLength(after.changes.length);
  });

  it("refuses what cannot be, beside its field, keeping what was typed and changing nothing", async () => {
    const id = await idOf("manager");
    const { fields } = await pageFields(id);
    const refused = async (name: string, value: string) => {
      const response = await post(id, replace(replace(fields, "jobTitle", "Typed and kept"), name, value));
      expect(response.status).toBe(400);
      const { result } = await response.json();
      expect(result.initialValue.jobTitle).toBe("Typed and kept");
      return result.error[name] as string[];
    };
    expect(await refused("manager", "nobody-here")).toEqual(["No one active in the program has this username or employee code."]);
    expect(await refused("manager", "manager")).toEqual(["A person cannot be their own manager."]);
    expect(await refused("email", "employee@acme.example.com")).toEqual(["Another person in the program has this e-mail address."]);
    expect(await refused("employeeCode", "e-employee")).toEqual(["Another person in the program has this employee code."]);
    expect(await refused("hireDate", "2024-02-30")).toEqual(["Enter a date, like 2024-03-18."]);
    const february = await post(id, replace(replace(fields, "birthMonth", "2"), "birthDay", "30"));
    expect((await february.json()).result.error.birthDay).toEqual(["February has 29 days."]);
    const unchanged = await db().selectFrom("employee").select("job_title").where("id", "=", id).executeTakeFirstOrThrow();
    expect(unchanged.job_title).toBe("Engineering Manager");
  });

  it("never lets a manager report to their own report", async () => {
    const employee = await idOf("employee");
    const manager = await idOf("manager");
    await db().updateTable("employee").set({ parent_employee_id: manager }).where("id", "=", employee).execute();
    const { fields } = await pageFields(manager);
    const response = await post(manager, replace(fields, "manager", "employee"));
    expect((await response.json()).result.error.manager).toEqual(["This person reports to them already: choose someone else."]);
  });

  it("deactivates someone who left: no sign-in, their session ends, their history stays; and brings them back", async () => {
    const id = await idOf("newhire");
    const { cookie } = await signInAs(testApp.app, "acme", "newhire");
    const response = await post(id, [["intent", "deactivate"]]);
    expect(response.headers.get("Location")).toBe(`/admin/people/${id}`);
    expect(await findEmployeeBySignInName(db(), "newhire")).toBeUndefined();
    expect(await getViewer({ request: requestTo("acme", "/feed", { cookie }), context: contextFor(testApp.app, "acme") })).toBeNull();
    const page = await (await get({ loader: personLoader }, `/admin/people/${id}`, "admin", { id: String(id) })).json();
    expect(page.changes[0].lines).toEqual(["Deactivated"]);
    expect(page.person.active).toBe(false);

    await post(id, [["intent", "reactivate"]]);
    expect(await findEmployeeBySignInName(db(), "newhire")).toBeDefined();
  });

  it("keeps a program manager from locking themselves out", async () => {
    const id = await idOf("admin");
    const deactivate = await post(id, [["intent", "deactivate"]]);
    expect((await deactivate.json()).statusError).toBe("You cannot deactivate yourself: another program manager can.");
    const { fields } = await pageFields(id);
    const demote = await post(id, replace(fields, "employeeType", "EMPLOYEE"));
    expect((await demote.json()).result.error.employeeType).toEqual(["You cannot take away your own program manager role: another program manager can."]);
  });

  it("never shows or changes another program's person", async () => {
    const acmePerson = await idOf("employee");
    expect((await get({ loader: personLoader }, `/admin/people/${acmePerson}`, "admin", { id: String(acmePerson) }, "globex")).status).toBe(404);
    expect((await post(acmePerson, [["intent", "deactivate"]], "admin", "globex")).status).toBe(404);
    expect(await findEmployeeBySignInName(db(), "employee")).toBeDefined();
  });
});
