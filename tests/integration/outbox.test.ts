import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeOutboxEntry } from "~/modules/delivery/outbox.server";
import { DEMO_PASSWORD } from "~/modules/demo/seed.server";
import { action as delegateAction } from "~/routes/delegation._index";
import { loader as outboxLoader } from "~/routes/dev.outbox._index";
import { loader as messageLoader } from "~/routes/dev.outbox.$id";
import { contextFor, createTestApp, postAs, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;
let toManager: string;
beforeAll(async () => {
  testApp = await createTestApp({ env: { OUTBOX_PAGE: "true" } });
  const { DATA_DIR } = testApp.app.env;
  await writeOutboxEntry(DATA_DIR, "acme", { channel: "sms", to: "+15550100003", subject: "Code", text: "111111 is your code" });
  toManager = (await writeOutboxEntry(DATA_DIR, "acme", { channel: "mail", to: "manager@acme.example.com", subject: "Reset", text: "http://x/reset/set/t" })).id;
  await writeOutboxEntry(DATA_DIR, "acme", { channel: "mail", to: "employee@acme.example.com", subject: "Welcome", text: "hello" });
});
afterAll(() => testApp.close());

async function outboxAs(cookie?: string) {
  return settle(async () => (await outboxLoader({ request: requestTo("acme", "/dev/outbox", { cookie }), context: contextFor(testApp.app, "acme"), params: {} })).json()) as Promise<
    Response | { texts: { to: string }[]; mails: { to: string }[] }
  >;
}
const recipients = (page: Awaited<ReturnType<typeof outboxAs>>) => {
  const { texts, mails } = page as { texts: { to: string }[]; mails: { to: string }[] };
  return [...texts, ...mails].map((entry) => entry.to).sort();
};

describe("the dev outbox", () => {
  it("is refused to visitors", async () => {
    const visitor = (await outboxAs()) as Response;
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fdev%2Foutbox");
  });

  it("shows a person only what was sent to their own address or phone, also before their two-factor step is done", async () => {
    const employee = await signInAs(testApp.app, "acme", "employee", { secondFactor: false });
    expect(recipients(await outboxAs(employee.cookie))).toEqual(["+15550100003", "employee@acme.example.com"]);
    // A number being confirmed in settings counts as the person's own while its code is open.
    await testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId).insertInto("verification_code", {
      employee_id: employee.employeeId, purpose: "PHONE", phone_number: "+15550100777", code_hash: "x:y", expires_at: new Date(Date.now() + 60_000),
    }).execute();
    await writeOutboxEntry(testApp.app.env.DATA_DIR, "acme", { channel: "sms", to: "+15550100777", subject: "Code", text: "222222 is your code" });
    expect(recipients(await outboxAs(employee.cookie))).toEqual(["+15550100003", "+15550100777", "employee@acme.example.com"]);
    const message = (await settle(() =>
      messageLoader({ request: requestTo("acme", `/dev/outbox/${toManager}`, { cookie: employee.cookie }), context: contextFor(testApp.app, "acme"), params: { id: toManager } }),
    )) as Response;
    expect(message.status).toBe(404);
  });

  it("shows a program manager the program's, once signed in with two-factor; a delegate only their own", async () => {
    const admin = await signInAs(testApp.app, "acme", "admin");
    expect(recipients(await outboxAs(admin.cookie))).toEqual(["+15550100003", "+15550100777", "employee@acme.example.com", "manager@acme.example.com"]);
    const pending = await signInAs(testApp.app, "acme", "admin", { secondFactor: false });
    const db = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
    const programWithTwoFactor = { ...tenantOf(testApp.app, "acme"), config: { ...tenantOf(testApp.app, "acme").config, siteConfig: { ...tenantOf(testApp.app, "acme").config.siteConfig, twoFactorEnabled: true } } };
    const pendingPage = await (await outboxLoader({ request: requestTo("acme", "/dev/outbox", { cookie: pending.cookie }), context: { ...contextFor(testApp.app, "acme"), tenant: programWithTwoFactor }, params: {} })).json();
    expect(recipients(pendingPage)).toEqual([]);

    const manager = await db.selectFrom("employee").select("id").where("login_id", "=", "manager").executeTakeFirstOrThrow();
    const { response } = await postAs(testApp.app, { action: delegateAction }, "acme", "/delegation", "employee", { delegatorId: String(manager.id), password: DEMO_PASSWORD });
    const delegating = response.headers.get("Set-Cookie")!.split(";")[0]!;
    // The delegate's own messages (their phone, their e-mail, the number they are confirming), not the delegator's.
    expect(recipients(await outboxAs(delegating))).toEqual(["+15550100003", "+15550100777", "employee@acme.example.com"]);
  });
});
