import type { AppLoadContext } from "@remix-run/node";
import { http, HttpResponse } from "msw";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, MOBILE_REQUIRED, TWO_FACTOR_ERRORS } from "~/modules/auth/two-factor/rules";
import { listOutbox } from "~/modules/delivery/outbox.server";
import { createSmsSender, SmsDeliveryError } from "~/modules/delivery/sms.server";
import { parseEnv } from "~/modules/env.server";
import { createLogger } from "~/modules/logger.server";
import { loader as feedLoader } from "~/routes/feed";
import { action as phoneAction } from "~/routes/settings.phone";
import { action as twoFactorAction, loader as twoFactorLoader } from "~/routes/two-factor";
import { server } from "../mocks/server";
import { contextFor, createTestApp, formPost, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
});
afterAll(() => testApp.close());

type Handler = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown>;

async function call(handler: Handler, request: Request, context = contextFor(testApp.app, "globex")) {
  return (await settle(() => handler({ request, context, params: {} }))) as Response;
}

const post = (path: string, fields: Record<string, string>, cookie: string) => formPost("globex", path, fields, cookie);
const get = (path: string, cookie: string) => requestTo("globex", path, { cookie });
const db = () => testApp.app.database.forProgram(tenantOf(testApp.app, "globex").programId);

/** The code in the newest text message to `phone` in globex's outbox. */
async function latestCode(phone: string) {
  const texts = await listOutbox(testApp.app.env.DATA_DIR, "globex", "sms");
  const text = texts.find((entry) => entry.to === phone);
  return /^(\d{6}) is your Globex verification code\. It expires in 10 minutes\.$/.exec(text?.text ?? "")?.[1];
}

/** A fresh sign-in at globex (two-factor on) that has not given its code yet. */
async function pendingSignIn(loginId: string) {
  return (await signInAs(testApp.app, "globex", loginId, { secondFactor: false })).cookie;
}

describe("two-factor at sign-in", () => {
  it("leads every page to the code step, and back to the page once the code is given", async () => {
    const cookie = await pendingSignIn("manager");
    const feed = await call(feedLoader, get("/feed", cookie));
    expect(feed.headers.get("Location")).toBe("/two-factor");
    const other = await call(feedLoader, get("/feed?segment=2", cookie));
    expect(other.headers.get("Location")).toBe("/two-factor?redirectTo=%2Ffeed%3Fsegment%3D2");

    const page = await (await call(twoFactorLoader, get("/two-factor", cookie))).json();
    expect(page).toMatchObject({ phone: "+1 ••• ••• 0002", times: null });

    const sent = await call(twoFactorAction, post("/two-factor?redirectTo=%2Ffeed%3Fsegment%3D2", { intent: "send" }, cookie));
    expect(sent.headers.get("Location")).toBe("/two-factor?redirectTo=%2Ffeed%3Fsegment%3D2");
    const code = await latestCode("+15550100002");
    expect(code).toMatch(/^\d{6}$/);
    const stored = await db().selectFrom("verification_code").select("code_hash").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code!);

    const withCode = await (await call(twoFactorLoader, get("/two-factor", cookie))).json();
    const { sentAt, expiresAt, resendAt } = withCode.times;
    expect(Date.parse(expiresAt) - Date.parse(sentAt)).toBe(10 * 60 * 1000);
    expect(Date.parse(resendAt) - Date.parse(sentAt)).toBe(30 * 1000);

    const early = await call(twoFactorAction, post("/two-factor", { intent: "send" }, cookie));
    expect(early.status).toBe(429);
    expect((await early.json()).error).toBe("A new code can be sent 30 seconds after the last one.");

    const malformed = await call(twoFactorAction, post("/two-factor", { intent: "verify", code: "12a" }, cookie));
    expect(await malformed.json()).toEqual({ error: "Enter the 6-digit code", typed: "12a" });
    const wrong = code === "000000" ? "111111" : "000000";
    const refused = await call(twoFactorAction, post("/two-factor", { intent: "verify", code: wrong }, cookie));
    expect((await refused.json()).error).toBe(TWO_FACTOR_ERRORS.INVALID.message);

    const done = await call(twoFactorAction, post("/two-factor?redirectTo=%2Ffeed%3Fsegment%3D2", { intent: "verify", code: code! }, cookie));
    expect(done.headers.get("Location")).toBe("/feed?segment=2");
    expect(done.headers.get("Set-Cookie")).toContain("__device=");
    expect((await call(feedLoader, get("/feed", cookie))).status).toBe(200);
  });

  it("remembers the device that gave the code at the next sign-in, for that person only", async () => {
    const cookie = await pendingSignIn("admin");
    await call(twoFactorAction, post("/two-factor", { intent: "send" }, cookie));
    const done = await call(twoFactorAction, post("/two-factor", { intent: "verify", code: (await latestCode("+15550100001"))! }, cookie));
    const device = done.headers
      .get("Set-Cookie")!
      .split(/,(?=\s*__)/)
      .find((part) => part.trim().startsWith("__device="))!
      .split(";")[0]!
      .trim();

    const nextSignIn = await pendingSignIn("admin");
    expect((await call(feedLoader, get("/feed", `${nextSignIn}; ${device}`))).status).toBe(200);
    const someoneElse = await pendingSignIn("employee");
    expect((await call(feedLoader, get("/feed", `${someoneElse}; ${device}`))).headers.get("Location")).toBe("/two-factor");
  });

  it("kills a code after too many wrong guesses, and refuses an expired one", async () => {
    const cookie = await pendingSignIn("employee");
    await call(twoFactorAction, post("/two-factor", { intent: "send" }, cookie));
    const code = (await latestCode("+15550100003"))!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      await call(twoFactorAction, post("/two-factor", { intent: "verify", code: wrong }, cookie));
    }
    const dead = await call(twoFactorAction, post("/two-factor", { intent: "verify", code }, cookie));
    expect((await dead.json()).error).toBe(TWO_FACTOR_ERRORS.EXPIRED.message);

    const employeeId = (await db().selectFrom("employee").select("id").where("login_id", "=", "employee").executeTakeFirstOrThrow()).id;
    await db().updateTable("verification_code").set({ created_at: new Date(Date.now() - 60_000) } as never).where("employee_id", "=", employeeId).execute();
    await call(twoFactorAction, post("/two-factor", { intent: "send" }, cookie));
    await db()
      .updateTable("verification_code")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("employee_id", "=", employeeId)
      .where("used_at", "is", null)
      .execute();
    const late = await call(twoFactorAction, post("/two-factor", { intent: "verify", code: (await latestCode("+15550100003"))! }, cookie));
    expect((await late.json()).error).toBe(TWO_FACTOR_ERRORS.EXPIRED.message);
  });

  it("says 'Verification Required' to someone without a phone number", async () => {
    const cookie = await pendingSignIn("newhire");
    const page = await (await call(twoFactorLoader, get("/two-factor", cookie))).json();
    expect(page.phone).toBeNull();
    const send = await call(twoFactorAction, post("/two-factor", { intent: "send" }, cookie));
    expect((await send.json()).error).toBe("No phone number registered.");
  });

  it("lets delegates through, and asks nothing where the program has two-factor off", async () => {
    const { app } = testApp;
    const globex = tenantOf(app, "globex");
    const ids = await db().selectFrom("employee").select(["id", "login_id"]).where("login_id", "in", ["employee", "manager"]).execute();
    const idOf = (login: string) => ids.find((row) => row.login_id === login)!.id;
    const delegated = await app.sessions.startFor(globex, idOf("manager"), await app.sessions.storage.getSession(null), {
      originalEmployeeId: idOf("employee"),
      isAdminDelegate: false,
    });
    const cookie = (await app.sessions.commit(delegated, requestTo("globex", "/"))).split(";")[0]!;
    expect((await call(feedLoader, get("/feed", cookie))).status).toBe(200);

    const acme = (await signInAs(app, "acme", "manager", { secondFactor: false })).cookie;
    expect((await call(feedLoader, requestTo("acme", "/feed", { cookie: acme }), contextFor(app, "acme"))).status).toBe(200);
  });
});

describe("phone verification in settings", () => {
  it("needs a mobile number, and takes the new number only once its code comes back", async () => {
    const { cookie } = await signInAs(testApp.app, "globex", "manager");
    const landline = await call(phoneAction, post("/settings/phone", { intent: "number", phoneNumber: "+1 555 010 0999", type: "LANDLINE" }, cookie));
    expect((await landline.json()).phone.error).toEqual({ type: [MOBILE_REQUIRED] });
    const local = await call(phoneAction, post("/settings/phone", { intent: "number", phoneNumber: "555-0199", type: "MOBILE" }, cookie));
    expect((await local.json()).phone.error.phoneNumber).toEqual(["Enter the number with its country code, such as +1 555 010 0123"]);

    const sent = await call(phoneAction, post("/settings/phone", { intent: "number", phoneNumber: "+1 (555) 010-0999", type: "MOBILE" }, cookie));
    expect(sent.headers.get("Location")).toBe("/settings/phone");
    const before = await db().selectFrom("employee").select("phone_number").where("login_id", "=", "manager").executeTakeFirstOrThrow();
    expect(before.phone_number).toBe("+15550100002");

    const code = (await latestCode("+15550100999"))!;
    const done = await call(phoneAction, post("/settings/phone", { intent: "verify", code }, cookie));
    expect(done.headers.get("Location")).toBe("/settings/security");
    const after = await db().selectFrom("employee").select(["phone_number", "phone_verified"]).where("login_id", "=", "manager").executeTakeFirstOrThrow();
    expect(after).toEqual({ phone_number: "+15550100999", phone_verified: true });
  });
});

describe("the SMS gateway", () => {
  const env = parseEnv({ NODE_ENV: "test", SMS_ACCOUNT_SID: "AC123", SMS_AUTH_TOKEN: "secret-token", SMS_FROM: "+15550009999" });
  const messages = "https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json";

  it("posts each message to the gateway's REST API with the account's credentials", async () => {
    const received: { authorization: string | null; body: URLSearchParams }[] = [];
    server.use(
      http.post(messages, async ({ request }) => {
        received.push({ authorization: request.headers.get("Authorization"), body: new URLSearchParams(await request.text()) });
        return HttpResponse.json({ sid: "SM1" }, { status: 201 });
      }),
    );
    await createSmsSender(env, createLogger("silent")).send({ subdomain: "globex", to: "+15550100002", text: "123456 is your code" });
    expect(received).toHaveLength(1);
    expect(received[0]!.authorization).toBe(`Basic ${Buffer.from("AC123:secret-token").toString("base64")}`);
    expect(Object.fromEntries(received[0]!.body)).toEqual({ To: "+15550100002", From: "+15550009999", Body: "123456 is your code" });
  });

  it("fails loudly when the gateway refuses, and the code step says 'Something went wrong. Try again.'", async () => {
    server.use(http.post(messages, () => HttpResponse.json({ message: "down" }, { status: 503 })));
    const sms = createSmsSender(env, createLogger("silent"));
    await expect(sms.send({ subdomain: "globex", to: "+15550100002", text: "x" })).rejects.toBeInstanceOf(SmsDeliveryError);

    const cookie = await pendingSignIn("invited");
    const context = contextFor(testApp.app, "globex");
    const broken = { ...context, app: { ...context.app, sms } } as AppLoadContext;
    const send = await call(twoFactorAction, post("/two-factor", { intent: "send" }, cookie), broken);
    expect(send.status).toBe(502);
    expect((await send.json()).error).toBe(TWO_FACTOR_ERRORS.FAILED.message);
  });
});
