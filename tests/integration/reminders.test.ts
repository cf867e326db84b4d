import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { DEMO_PASSWORD } from "~/modules/demo/seed.server";
import { reminderText } from "~/modules/notifications/reminders";
import { sendLoginReminders, sendRefillReminders } from "~/modules/notifications/reminders.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { action as loginAction } from "~/routes/login._index";
import { loader as settingsLoader } from "~/routes/settings.notifications";
import { contextFor, createTestApp, formPost, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";
import { eventually } from "../setup/eventually";

const DAY = 24 * 60 * 60 * 1000;

let testApp: TestApp;
let acme: ProgramDb;
let tenant: Tenant;
const ids = new Map<string, number>();

beforeAll(async () => {
  testApp = await createTestApp({ population: 6, jobs: { pollSeconds: 0.5 } });
  tenant = await testApp.app.tenantSettings.effective(tenantOf(testApp.app, "acme"));
  acme = testApp.app.database.forProgram(tenant.programId);
  for (const row of await acme.selectFrom("employee").select(["id", "login_id"]).execute()) ids.set(row.login_id, row.id);
});
afterAll(() => testApp.close());

/** The reminders the job sent (the demo's own welcome notifications left aside). */
async function remindersOf(type: string, key: string) {
  return acme
    .selectFrom("notification")
    .select(["employee_id", "message", "link"])
    .where("type", "=", type)
    .where("dedupe_key", "like", `${key}:%`)
    .orderBy("employee_id")
    .execute();
}

describe("the login reminder", () => {
  it("goes to those who have not signed in for the program's days, once in as many days, with its text filled in", async () => {
    const { login } = tenant.config.notifications.reminders;
    expect(login.enabled).toBe(true);
    const later = new Date(Date.now() + (login.afterDays + 6) * DAY);
    // Emery signed in two days before; Morgan long ago; the rest never (they arrived today).
    await acme.updateTable("employee").set({ last_signed_in_at: new Date(later.getTime() - 2 * DAY) }).where("id", "=", ids.get("employee")!).execute();
    await acme.updateTable("employee").set({ last_signed_in_at: new Date(Date.now() - 60 * DAY) }).where("id", "=", ids.get("manager")!).execute();
    const active = await acme.selectFrom("employee").select("id").where("active", "=", true).execute();

    const sent = await sendLoginReminders(testApp.app, tenant, acme, later);
    expect(sent).toBe(active.length - 1);
    const reminded = await eventually(() => remindersOf("LOGIN_REMINDER", "login-reminder"), (rows) => rows.length === sent);
    expect(reminded.map((row) => row.employee_id)).not.toContain(ids.get("employee"));
    expect(reminded.find((row) => row.employee_id === ids.get("manager"))).toMatchObject({
      message: reminderText(login.text, { program: "Acme Corporation", days: login.afterDays }),
      link: "/feed",
    });
    expect(reminded[0]!.message).toBe(`It has been ${login.afterDays} days since you last visited Acme Corporation. Sign in to see who has been recognized, and recognize someone yourself.`);

    // As if those reminders went out on that day: the same day again, or a week on, reminds nobody.
    await acme.updateTable("notification").set({ created_at: later }).where("dedupe_key", "like", "login-reminder:%").execute();
    expect(await sendLoginReminders(testApp.app, tenant, acme, later)).toBe(0);
    expect(await sendLoginReminders(testApp.app, tenant, acme, new Date(later.getTime() + 7 * DAY))).toBe(0);
    // Once as many days again have passed, those still away are reminded again; Emery, back two days before, is now away too.
    const again = await sendLoginReminders(testApp.app, tenant, acme, new Date(later.getTime() + (login.afterDays + 1) * DAY));
    expect(again).toBe(active.length);
  });

  it("is noted for each sign-in with a password", async () => {
    await acme.updateTable("employee").set({ last_signed_in_at: null }).where("id", "=", ids.get("admin")!).execute();
    const response = (await settle(() =>
      loginAction({ request: formPost("acme", "/login", { username: "admin", password: DEMO_PASSWORD }), context: contextFor(testApp.app, "acme"), params: {} }),
    )) as Response;
    expect(response.status).toBe(302);
    const row = await acme.selectFrom("employee").select("last_signed_in_at").where("id", "=", ids.get("admin")!).executeTakeFirstOrThrow();
    expect(Date.now() - row.last_signed_in_at!.getTime()).toBeLessThan(60_000);
  });
});

describe("the refill reminder", () => {
  it("goes on the program's day of the month to those who give points and have some, each with their own points to give", async () => {
    const { refill } = tenant.config.notifications.reminders;
    expect(refill.enabled).toBe(true);
    // 9:00 in New York on that day of a month.
    const due = new Date(Date.UTC(2027, 0, refill.dayOfMonth, 14, 0));
    const givers = await acme
      .selectFrom("points_account")
      .innerJoin("employee", "employee.id", "points_account.employee_id")
      .select(["employee.id", "employee.login_id", "points_account.balance", "employee.permissions"])
      .where("points_account.kind", "=", "DISCRETIONARY")
      .where("points_account.balance", ">", 0)
      .execute();
    const expected = givers.filter((giver) => giver.permissions.canGiveDiscretionaryPoints === true);
    expect(expected.map((giver) => giver.login_id)).toEqual(expect.arrayContaining(["manager", "admin"]));

    expect(await sendRefillReminders(testApp.app, tenant, acme, new Date(due.getTime() - DAY))).toBe(0);
    expect(await sendRefillReminders(testApp.app, tenant, acme, due)).toBe(expected.length);
    const reminded = await eventually(() => remindersOf("REFILL_REMINDER", "refill-reminder"), (rows) => rows.length === expected.length);
    const manager = expected.find((giver) => giver.login_id === "manager")!;
    expect(reminded.find((row) => row.employee_id === manager.id)!.message).toBe(
      `You have ${manager.balance.toLocaleString("en-US")} points to give in Acme Corporation. Recognize someone before your points to give refill.`,
    );
    expect(reminded.map((row) => row.employee_id)).not.toContain(ids.get("employee"));

    // A second run that month, even after balances change, reminds nobody twice.
    await sendRefillReminders(testApp.app, tenant, acme, due);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await remindersOf("REFILL_REMINDER", "refill-reminder")).toHaveLength(expected.length);
  });
});

describe("the notification settings page", () => {
  it("shows each person the reminders that can reach them, with their own figures", async () => {
    const reminders = async (loginId: string) => {
      const { cookie } = await signInAs(testApp.app, "acme", loginId);
      const response = (await settingsLoader({ request: requestTo("acme", "/settings/notifications", { cookie }), context: contextFor(testApp.app, "acme"), params: {} })) as Response;
      return ((await response.json()) as { reminders: { type: string; text: string }[] }).reminders;
    };
    expect((await reminders("manager")).map((reminder) => reminder.type)).toEqual(["LOGIN_REMINDER", "REFILL_REMINDER"]);
    expect((await reminders("manager"))[1]!.text).toMatch(/^You have [\d,]+ points to give in Acme Corporation\./);
    expect((await reminders("employee")).map((reminder) => reminder.type)).toEqual(["LOGIN_REMINDER"]);
  });
});
