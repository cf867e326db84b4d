import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getViewer } from "~/modules/auth/guards.server";
import { LOGIN_LIMITS } from "~/modules/auth/login-limiter.server";
import { DEMO_PASSWORD } from "~/modules/demo/seed.server";
import { action as adminAction, loader as adminLoader } from "~/routes/delegation.admin";
import { action as returnAction } from "~/routes/delegation.return";
import { action as delegateAction, INCORRECT_PASSWORD, loader as delegateLoader } from "~/routes/delegation._index";
import { action as phoneAction, loader as phoneLoader } from "~/routes/settings.phone";
import { action as securityAction, loader as securityLoader } from "~/routes/settings.security";
import { contextFor, createTestApp, formPost, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;
let managerId: number;
beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
  managerId = (await signInAs(testApp.app, "acme", "manager")).employeeId;
});
afterAll(() => testApp.close());

async function post(action: (args: never) => Promise<unknown>, path: string, fields: Record<string, string>, cookie: string, subdomain = "acme") {
  return (await settle(() =>
    (action as (args: unknown) => Promise<Response>)({ request: formPost(subdomain, path, fields, cookie), context: contextFor(testApp.app, subdomain), params: {} }),
  )) as Response;
}

async function viewerWith(cookie: string) {
  const context = contextFor(testApp.app, "acme");
  const viewer = await getViewer({ request: requestTo("acme", "/feed", { cookie }), context });
  return { viewer, context };
}

const cookieOf = (response: Response) => response.headers.get("Set-Cookie")!.split(";")[0];

describe("delegation", () => {
  it("refuses a wrong password with 'Incorrect Password.' and changes nothing", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "employee");
    const response = await post(delegateAction, "/delegation", { delegatorId: String(managerId), password: "Wrong-pass1!" }, cookie);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: INCORRECT_PASSWORD });
    expect((await viewerWith(cookie)).viewer?.employee.loginId).toBe("employee");
  });

  it("acts as the delegator after the delegate's own password, logs both, and returns to the own profile", async () => {
    const { cookie, employeeId } = await signInAs(testApp.app, "acme", "employee");
    const started = await post(delegateAction, "/delegation", { delegatorId: String(managerId), password: DEMO_PASSWORD }, cookie);
    expect(started.headers.get("Location")).toBe("/feed");
    const delegating = cookieOf(started);

    const { viewer, context } = await viewerWith(delegating);
    expect(viewer?.employee.loginId).toBe("manager");
    expect(viewer?.delegation).toEqual({ original: { id: employeeId, displayName: "Emery Employee" }, isAdminDelegate: false });
    expect(context.employeeId).toBe(managerId);
    expect(context.originalEmployeeId).toBe(employeeId);

    const again = (await settle(() => delegateLoader({ request: requestTo("acme", "/delegation", { cookie: delegating }), context: contextFor(testApp.app, "acme"), params: {} }))) as Response;
    expect(again.headers.get("Location")).toBe("/feed");

    const back = await post(returnAction, "/delegation/return", {}, delegating);
    const own = await viewerWith(cookieOf(back));
    expect(own.viewer?.employee.loginId).toBe("employee");
    expect(own.viewer?.delegation).toBeNull();
    expect((await viewerWith(delegating)).viewer).toBeNull();
  });

  it("lets only people with delegators delegate, and only for their own delegators", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "manager");
    const page = (await settle(() => delegateLoader({ request: requestTo("acme", "/delegation", { cookie }), context: contextFor(testApp.app, "acme"), params: {} }))) as Response;
    expect(page.headers.get("Location")).toBe("/feed");

    const employee = await signInAs(testApp.app, "acme", "employee");
    const admin = await signInAs(testApp.app, "acme", "admin");
    const notMine = await post(delegateAction, "/delegation", { delegatorId: String(admin.employeeId), password: DEMO_PASSWORD }, employee.cookie);
    expect(notMine.status).toBe(400);
    const globexManager = (await signInAs(testApp.app, "globex", "manager")).employeeId;
    const otherProgram = await post(delegateAction, "/delegation", { delegatorId: String(globexManager), password: DEMO_PASSWORD }, employee.cookie);
    expect(otherProgram.status).toBe(400);
  });

  it("lets an admin look up an employee and act as them, without a way back but signing out", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "admin");
    const found = await (await adminLoader({ request: requestTo("acme", "/delegation/admin?q=emer", { cookie }), context: contextFor(testApp.app, "acme"), params: {} })).json();
    expect(found.results.map((r: { loginId: string }) => r.loginId)).toEqual(["employee"]);
    const short = await (await adminLoader({ request: requestTo("acme", "/delegation/admin?q=em", { cookie }), context: contextFor(testApp.app, "acme"), params: {} })).json();
    expect(short).toMatchObject({ results: [], tooShort: true });

    const started = await post(adminAction, "/delegation/admin", { employeeId: String(found.results[0].id) }, cookie);
    const acting = cookieOf(started);
    const { viewer } = await viewerWith(acting);
    expect(viewer?.employee.loginId).toBe("employee");
    expect(viewer?.delegation?.isAdminDelegate).toBe(true);

    const back = await post(returnAction, "/delegation/return", {}, acting);
    expect(back.headers.get("Set-Cookie")).toBeNull();
    expect((await viewerWith(acting)).viewer?.employee.loginId).toBe("employee");
  });

  it("is for admins only", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "manager");
    const page = (await settle(() => adminLoader({ request: requestTo("acme", "/delegation/admin", { cookie }), context: contextFor(testApp.app, "acme"), params: {} }))) as Response;
    expect(page.headers.get("Location")).toBe("/feed");
  });
});

describe("the delegator's own security while a delegate acts for them", () => {
  it("is read-only, says why, and refuses changes to the password and the two-factor phone", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "employee");
    const delegating = cookieOf(await post(delegateAction, "/delegation", { delegatorId: String(managerId), password: DEMO_PASSWORD }, cookie));
    const page = await (await securityLoader({ request: requestTo("acme", "/settings/security", { cookie: delegating }), context: contextFor(testApp.app, "acme"), params: {} })).json();
    expect(page.readOnly).toBe("You are acting on behalf of Morgan Manager. Only they can change their password, mobile phone or remembered devices, signed in as themselves.");

    const db = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
    const before = await db.selectFrom("employee").select(["password_hash", "phone_number"]).where("id", "=", managerId).executeTakeFirstOrThrow();
    const phone = await post(phoneAction, "/settings/phone", { intent: "number", phoneNumber: "+1 555 010 0666", type: "MOBILE" }, delegating);
    expect(phone.headers.get("Location")).toBe("/settings/security");
    const phonePage = (await settle(() => phoneLoader({ request: requestTo("acme", "/settings/phone", { cookie: delegating }), context: contextFor(testApp.app, "acme"), params: {} }))) as Response;
    expect(phonePage.headers.get("Location")).toBe("/settings/security");
    const password = await post(securityAction, "/settings/security", { currentPassword: DEMO_PASSWORD, newPassword: "Taken-Over-2026!", confirmPassword: "Taken-Over-2026!" }, delegating);
    expect(password.headers.get("Location")).toBe("/settings/security");

    expect(await db.selectFrom("employee").select(["password_hash", "phone_number"]).where("id", "=", managerId).executeTakeFirstOrThrow()).toEqual(before);
    expect(await db.selectFrom("verification_code").select("id").where("employee_id", "=", managerId).where("phone_number", "=", "+15550100666").execute()).toEqual([]);
  });
});

describe("re-entering a password to act as a delegator", () => {
  it("is limited like sign-in: after 5 wrong passwords the right one waits", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "employee");
    for (let i = 0; i < LOGIN_LIMITS.accountFailures; i++) {
      expect((await post(delegateAction, "/delegation", { delegatorId: String(managerId), password: `Wrong-pass${i}!` }, cookie)).status).toBe(401);
    }
    const limited = await post(delegateAction, "/delegation", { delegatorId: String(managerId), password: DEMO_PASSWORD }, cookie);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: string }).error).toMatch(/^Too many password attempts\. Please try again in \d+ minutes?\.$/);
    expect((await viewerWith(cookie)).viewer?.employee.loginId).toBe("employee");
  });
});
