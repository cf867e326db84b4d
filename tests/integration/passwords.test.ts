import { createHash } from "node:crypto";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "~/modules/demo/seed.server";
import { createMailer } from "~/modules/delivery/mailer.server";
import { listOutbox } from "~/modules/delivery/outbox.server";
import { parseEnv } from "~/modules/env.server";
import { createLogger } from "~/modules/logger.server";
import { ChangePasswordSchema, NewPasswordSchema } from "~/modules/auth/form-schemas.server";
import { DOES_NOT_MEET_REQUIREMENTS, PASSWORDS_DO_NOT_MATCH, SAME_AS_CURRENT } from "~/modules/auth/password-rules";
import { loader as feedLoader } from "~/routes/feed";
import { action as forcedAction } from "~/routes/change-password";
import { action as loginAction } from "~/routes/login._index";
import { action as registerAction } from "~/routes/login.register";
import { action as resetRequestAction } from "~/routes/login.reset";
import { action as setAction, loader as setLoader } from "~/routes/reset.set.$token";
import { action as securityAction } from "~/routes/settings.security";
import { LOGIN_LIMITS } from "~/modules/auth/login-limiter.server";
import { contextFor, createTestApp, formPost, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
});
afterAll(() => testApp.close());

const strong = "Brand-New-2026!";

async function run(action: (args: never) => Promise<unknown>, path: string, fields: Record<string, string>, cookie?: string, params: Record<string, string> = {}) {
  return (await settle(() =>
    (action as (args: unknown) => Promise<Response>)({ request: formPost("acme", path, fields, cookie), context: contextFor(testApp.app, "acme"), params }),
  )) as Response;
}

async function latestLink(to: string) {
  await testApp.app.background.settled();
  const mail = (await listOutbox(testApp.app.env.DATA_DIR, "acme", "mail")).find((m) => m.to === to);
  const token = /\/reset\/set\/([\w-]+)/.exec(mail?.text ?? "")?.[1];
  return { mail, token };
}

describe("password rules", () => {
  it.each([
    ["short1!A", true],
    ["Sh0rt!", false],
    ["alllowercase1!", false],
    ["ALLUPPERCASE1!", false],
    ["NoDigits!!", false],
    ["NoSpecial123", false],
    ["Has Space1!", true],
    ["Brand-New-2026?", false],
  ])("%s meets them: %s", (password, ok) => {
    const result = NewPasswordSchema.safeParse({ newPassword: password, confirmPassword: password });
    expect(result.success).toBe(ok);
    if (!ok) expect(result.error!.issues[0].message).toBe(DOES_NOT_MEET_REQUIREMENTS);
  });

  it("needs the confirmation to match, and the current password when changing", () => {
    const mismatch = NewPasswordSchema.safeParse({ newPassword: strong, confirmPassword: `${strong}x` });
    expect(mismatch.error!.issues).toEqual([expect.objectContaining({ path: ["confirmPassword"], message: PASSWORDS_DO_NOT_MATCH })]);
    expect(ChangePasswordSchema.safeParse({ newPassword: strong, confirmPassword: strong }).success).toBe(false);
  });
});

describe("resetting a password from an e-mail link", () => {
  it("never reveals whether the account exists", async () => {
    const known = await (await run(resetRequestAction, "/login/reset", { username: "employee" })).json();
    const unknown = await (await run(resetRequestAction, "/login/reset", { username: "nobody@acme.example.com" })).json();
    expect(known.sent).toBe(true);
    expect(unknown).toEqual(known);
  });

  it("answers before anything is looked up or sent: the mail goes out after the reply", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { mailer } = testApp.app;
    const send = mailer.send.bind(mailer);
    mailer.send = async (message) => {
      await gate;
      return send(message);
    };
    try {
      const reply = await run(resetRequestAction, "/login/reset", { username: "admin" });
      expect((await reply.json()).sent).toBe(true);
      expect((await listOutbox(testApp.app.env.DATA_DIR, "acme", "mail")).filter((m) => m.to === "admin@acme.example.com")).toEqual([]);
      release();
      expect((await latestLink("admin@acme.example.com")).token).toBeTruthy();
    } finally {
      mailer.send = send;
    }
  });

  it("e-mails a single-use link, stored only as a hash, that sets the password and signs nothing else in", async () => {
    await run(resetRequestAction, "/login/reset", { username: "Manager@acme.example.com" });
    const { mail, token } = await latestLink("manager@acme.example.com");
    expect(mail!.subject).toBe("Reset your Acme Corporation password");
    expect(mail!.text).toContain(`http://acme.localhost:${testApp.app.env.PORT}/reset/set/`);
    const db = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
    const stored = await db.selectFrom("password_token").select("token_hash").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash("sha256").update(token!).digest("hex"));

    const page = await (await setLoader({ request: requestTo("acme", `/reset/set/${token}`), context: contextFor(testApp.app, "acme"), params: { token } })).json();
    expect(page.valid).toBe(true);

    const weak = await run(setAction, `/reset/set/${token}`, { newPassword: "weak", confirmPassword: "weak" }, undefined, { token: token! });
    expect((await weak.json()).error).toEqual({ newPassword: [DOES_NOT_MEET_REQUIREMENTS] });

    const done = await run(setAction, `/reset/set/${token}`, { newPassword: strong, confirmPassword: strong }, undefined, { token: token! });
    expect(done.headers.get("Location")).toBe("/login");
    const signIn = await run(loginAction, "/login", { username: "manager", password: strong });
    expect(signIn.headers.get("Location")).toBe("/feed");

    const again = await run(setAction, `/reset/set/${token}`, { newPassword: strong, confirmPassword: strong }, undefined, { token: token! });
    expect((await again.json()).error).toEqual({ "": ["There was a problem setting your password"] });
    const reload = await (await setLoader({ request: requestTo("acme", `/reset/set/${token}`), context: contextFor(testApp.app, "acme"), params: { token } })).json();
    expect(reload.valid).toBe(false);
  });

  it("refuses an expired link", async () => {
    await run(resetRequestAction, "/login/reset", { username: "admin" });
    const { token } = await latestLink("admin@acme.example.com");
    const db = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
    await db.updateTable("password_token").set({ expires_at: new Date(Date.now() - 1000) }).where("used_at", "is", null).execute();
    const page = await (await setLoader({ request: requestTo("acme", "/x"), context: contextFor(testApp.app, "acme"), params: { token } })).json();
    expect(page.valid).toBe(false);
  });
});

describe("registering an invited account", () => {
  it("sends a set-up link to an account without a password, and then it signs in", async () => {
    const before = await run(loginAction, "/login", { username: "invited", password: DEMO_PASSWORD });
    expect(before.status).toBe(401);
    await run(registerAction, "/login/register", { username: "invited" });
    const { mail, token } = await latestLink("invited@acme.example.com");
    expect(mail!.subject).toBe("Set up your Acme Corporation account");
    expect(mail!.text).toContain("Your username is invited.");
    await run(setAction, "/x", { newPassword: strong, confirmPassword: strong }, undefined, { token: token! });
    expect((await run(loginAction, "/login", { username: "invited", password: strong })).headers.get("Location")).toBe("/feed");
  });
});

describe("changing a password", () => {
  it("forces an account that must change its password to the form on every page, until done", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "newhire");
    const feed = (await settle(() => feedLoader({ request: requestTo("acme", "/feed", { cookie }), context: contextFor(testApp.app, "acme"), params: {} }))) as Response;
    expect(feed.headers.get("Location")).toBe("/change-password");

    const mismatch = await run(forcedAction, "/change-password", { newPassword: strong, confirmPassword: "Other-2026!" }, cookie);
    expect((await mismatch.json()).error).toEqual({ confirmPassword: [PASSWORDS_DO_NOT_MATCH] });
    const same = await run(forcedAction, "/change-password", { newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD }, cookie);
    expect(same.status).toBe(422);
    expect((await same.json()).error).toEqual({ newPassword: [SAME_AS_CURRENT] });
    const done = await run(forcedAction, "/change-password", { newPassword: strong, confirmPassword: strong }, cookie);
    expect(done.headers.get("Location")).toBe("/feed");
    const renewed = done.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(renewed).not.toBe(cookie);
    const after = await feedLoader({ request: requestTo("acme", "/feed", { cookie: renewed }), context: contextFor(testApp.app, "acme"), params: {} });
    expect(after.status).toBe(200);
  });

  it("checks the current password in settings, and the change ends every other session", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "employee");
    const { cookie: elsewhere } = await signInAs(testApp.app, "acme", "employee");
    const feedWith = async (sessionCookie: string) =>
      (await settle(() => feedLoader({ request: requestTo("acme", "/feed", { cookie: sessionCookie }), context: contextFor(testApp.app, "acme"), params: {} }))) as Response;
    expect((await feedWith(elsewhere)).status).toBe(200);
    const same = await run(securityAction, "/settings/security", { currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD }, cookie);
    expect((await same.json()).error).toEqual({ newPassword: [SAME_AS_CURRENT] });
    const wrong = await run(securityAction, "/settings/security", { currentPassword: "Wrong-pass1!", newPassword: strong, confirmPassword: strong }, cookie);
    expect((await wrong.json()).error).toEqual({ currentPassword: ["Current password is incorrect"] });
    const done = await run(securityAction, "/settings/security", { currentPassword: DEMO_PASSWORD, newPassword: strong, confirmPassword: strong }, cookie);
    expect(done.headers.get("Location")).toBe("/settings/security");
    expect((await feedWith(elsewhere)).headers.get("Location")).toBe("/login");
    expect((await feedWith(cookie)).headers.get("Location")).toBe("/login");
    expect((await feedWith(done.headers.get("Set-Cookie")!.split(";")[0]!)).status).toBe(200);
    expect((await run(loginAction, "/login", { username: "employee", password: strong })).headers.get("Location")).toBe("/feed");
  });
});

describe("e-mail delivery over SMTP", () => {
  it("sends through a real SMTP server when SMTP_URL is set", async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        let data = "";
        stream.on("data", (chunk) => (data += chunk));
        stream.on("end", () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as { port: number };
    try {
      const env = parseEnv({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Acme Applause <applause@acme.example.com>" });
      await createMailer(env, createLogger("silent")).send({ subdomain: "acme", to: "emery@acme.example.com", subject: "Hello", text: "A link: http://acme.localhost/x" });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain("Subject: Hello");
      expect(received[0]).toContain("To: emery@acme.example.com");
      expect(received[0]).toContain("From: Acme Applause <applause@acme.example.com>");
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it("limits re-entering the current password like sign-in", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "manager");
    for (let i = 0; i < LOGIN_LIMITS.accountFailures; i++) {
      expect((await run(securityAction, "/settings/security", { currentPassword: `Wrong-pass${i}!`, newPassword: strong, confirmPassword: strong }, cookie)).status).toBe(422);
    }
    const limited = await run(securityAction, "/settings/security", { currentPassword: DEMO_PASSWORD, newPassword: strong, confirmPassword: strong }, cookie);
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.currentPassword[0]).toMatch(/^Too many password attempts\. Please try again in \d+ minutes?\.$/);
  });
});
