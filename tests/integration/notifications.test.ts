import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { http, HttpResponse } from "msw";
import { sql } from "kysely";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crossProgramDb } from "~/modules/db/database.server";
import { listOutbox, outboxDir } from "~/modules/delivery/outbox.server";
import { markAllRead, markRead, notificationPage, unreadCounts } from "~/modules/notifications/centre.server";
import { notify } from "~/modules/notifications/delivery.server";
import { notificationEmail } from "~/modules/notifications/email.server";
import { bellText } from "~/modules/notifications/notifications";
import { savePreferences } from "~/modules/notifications/preferences.server";
import { savePushSubscription } from "~/modules/notifications/push-subscriptions.server";
import { createServerRegistry } from "~/modules/plugins/server-registry.server";
import { coreContributions } from "~/modules/shell/core-contributions";
import { coreServerContributions } from "~/modules/shell/core-contributions.server";
import { loader as settingsLoader } from "~/routes/settings.notifications";
import { probePlugin } from "../fixtures/plugins/probe/plugin";
import { probeServer } from "../fixtures/plugins/probe/plugin.server";
import { server } from "../mocks/server";
import { contextFor, createTestApp, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";
import { eventually } from "../setup/eventually";

const registry = createServerRegistry(coreContributions, [probePlugin], { core: coreServerContributions, plugins: [probeServer] });
const vapid = webpush.generateVAPIDKeys();

let testApp: TestApp;
const ids = new Map<string, number>();
beforeAll(async () => {
  testApp = await createTestApp({
    tenantsDir: "tests/fixtures/tenants-probe",
    registry,
    population: 30,
    env: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: "mailto:ops@alpha.example.com" },
    jobs: { pollSeconds: 0.5 },
  });
  for (const row of await alpha().selectFrom("employee").select(["id", "login_id"]).execute()) ids.set(row.login_id, row.id);
});
afterAll(() => testApp.close());

function alpha() {
  return testApp.app.database.forProgram(tenantOf(testApp.app, "alpha").programId);
}

const mails = () => listOutbox(testApp.app.env.DATA_DIR, "alpha", "mail");
const texts = () => listOutbox(testApp.app.env.DATA_DIR, "alpha", "sms");

describe("notifications", () => {
  it("are enqueued at once, in batches, and land in each recipient's centre", async () => {
    const { app } = testApp;
    const everyone = [...ids.values()];
    // 1,100 recipients (most unknown here): three fan-out jobs, and the sender waits for none of them.
    const recipients = [...everyone, ...Array.from({ length: 1100 - everyone.length }, (_, i) => 900_000 + i)];
    await notify(app, tenantOf(app, "alpha"), alpha(), recipients, { type: "PROBE_PINGED", message: "The probe pinged everyone.", link: "/probe" }, "ping:1");
    const { rows } = await sql<{ count: number }>`select count(*)::int as count from jobs.job where name = 'core.notify'`.execute(crossProgramDb(app.database));
    expect(rows[0]!.count).toBe(3);
    const employee = ids.get("employee")!;
    const pinged = async () => (await notificationPage(alpha(), employee)).items.filter((item) => item.type === "PROBE_PINGED");
    expect(await eventually(pinged, (found) => found.length > 0)).toEqual([
      expect.objectContaining({ type: "PROBE_PINGED", message: "The probe pinged everyone.", link: "/probe", isRead: false }),
    ]);
    const total = await eventually(
      async () => (await alpha().selectFrom("notification").select(sql<number>`count(*)::int`.as("n")).where("type", "=", "PROBE_PINGED").executeTakeFirstOrThrow()).n,
      (n) => n === everyone.length - 1 || n === everyone.length,
    );
    // Every active employee got one (the invited one too), and nobody of another program.
    expect(total).toBeGreaterThanOrEqual(everyone.length - 1);
    // The same key again notifies nobody twice.
    await notify(app, tenantOf(app, "alpha"), alpha(), [employee], { type: "PROBE_PINGED", message: "The probe pinged everyone." }, "ping:1");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await pinged()).toHaveLength(1);
  });

  it("refuse a type nobody declares, or one of a plugin the program has off", async () => {
    const { app } = testApp;
    // @ts-expect-error -- a type nobody declares does not compile; from untyped code it is refused at run time
    await expect(notify(app, tenantOf(app, "alpha"), alpha(), [1], { type: "NO_SUCH_TYPE", message: "x" }, "k")).rejects.toThrow(/not declared/);
    const beta = app.database.forProgram(tenantOf(app, "beta").programId);
    await expect(notify(app, tenantOf(app, "beta"), beta, [1], { type: "PROBE_PINGED", message: "x" }, "k")).rejects.toThrow(/not declared/);
  });

  it("count unread for the bell, '!!' from 100, and are marked read one by one or all at once", async () => {
    const employee = ids.get("manager")!;
    const db = alpha();
    await db
      .insertInto(
        "notification",
        Array.from({ length: 120 }, (_, i) => ({ employee_id: employee, type: i < 3 ? "PT_APP" : "PROBE_PINGED", message: `Message ${i}`, dedupe_key: `bulk:${i}` })),
      )
      .execute();
    const before = await unreadCounts(db, employee);
    expect(before.unread).toBe(100);
    expect(bellText(before.unread)).toBe("!!");
    expect(bellText(7)).toBe("7");
    const first = await notificationPage(db, employee);
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.message).toBe("Message 119");
    const second = await notificationPage(db, employee, first.next!);
    expect(second.items[0]!.message).toBe("Message 69");
    await markRead(db, employee, first.items[0]!.id);
    await markRead(db, ids.get("employee")!, first.items[1]!.id); // not theirs: nothing changes
    expect((await notificationPage(db, employee)).items.slice(0, 2).map((item) => item.isRead)).toEqual([true, false]);
    await markAllRead(db, employee);
    expect(await unreadCounts(db, employee)).toEqual({ unread: 0, approvals: 0 });
  });

  it("go out by the channels each person chose: e-mail (branded), text, push with a signed VAPID header", async () => {
    const { app } = testApp;
    const employee = ids.get("employee")!;
    const pushes: { authorization: string | null; encoding: string | null }[] = [];
    server.use(
      http.post("https://push.example.test/send/:id", ({ request }) => {
        pushes.push({ authorization: request.headers.get("authorization"), encoding: request.headers.get("content-encoding") });
        return new HttpResponse(null, { status: 201 });
      }),
    );
    const browser = createECDH("prime256v1");
    browser.generateKeys();
    await savePushSubscription(alpha(), employee, {
      endpoint: "https://push.example.test/send/abc",
      p256dh: browser.getPublicKey().toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
    });
    await savePreferences(alpha(), employee, { SMS: { enabled: true, flags: {} }, PUSH: { enabled: true, flags: {} } });
    await notify(app, tenantOf(app, "alpha"), alpha(), [employee], { type: "PROBE_PINGED", message: "Emery, the probe pinged you.", link: "/probe" }, "ping:2");

    // Found by subject: the e-mails of the first test's fan-out to everyone may still be arriving.
    const ours = async () => (await mails()).filter((found) => found.subject === "Emery, the probe pinged you.");
    const mail = await eventually(ours, (found) => found.length > 0);
    expect(mail[0]).toMatchObject({ to: "employee@alpha.example.com", subject: "Emery, the probe pinged you." });
    expect(mail[0]!.text).toContain("/probe");
    const eml = await fs.readFile(path.join(outboxDir(app.env.DATA_DIR, "alpha", "mail"), `${mail[0]!.id}.eml`), "utf8");
    expect(eml).toContain("text/html");
    expect(eml).toContain("c2410c");
    const text = await eventually(async () => (await texts()).filter((found) => found.text.includes("Emery, the probe pinged you.")), (found) => found.length > 0);
    expect(text).toHaveLength(1);

    await eventually(async () => pushes.length, (n) => n > 0);
    const [scheme, token, key] = /^(vapid) t=([^,]+), k=(.+)$/.exec(pushes[0]!.authorization ?? "")!.slice(1);
    expect([scheme, key, pushes[0]!.encoding]).toEqual(["vapid", vapid.publicKey, "aes128gcm"]);
    const [header, claims, signature] = token!.split(".");
    expect(JSON.parse(Buffer.from(claims!, "base64url").toString())).toMatchObject({ aud: "https://push.example.test", sub: "mailto:ops@alpha.example.com" });
    const raw = Buffer.from(vapid.publicKey, "base64url");
    const publicKey = createPublicKey({ key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33).toString("base64url") }, format: "jwk" });
    expect(verify("sha256", Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature!, "base64url"))).toBe(true);
  });

  it("stop by a channel once it is turned off, for the type or altogether", async () => {
    const { app } = testApp;
    const employee = ids.get("employee")!;
    let pushes = 0;
    server.use(
      http.post("https://push.example.test/send/:id", () => {
        pushes++;
        return new HttpResponse(null, { status: 201 });
      }),
    );
    await savePreferences(alpha(), employee, {
      EMAIL: { enabled: true, flags: { PROBE_PINGED: false } },
      SMS: { enabled: false, flags: {} },
      PUSH: { enabled: true, flags: { PROBE_PINGED: false } },
    });
    await notify(app, tenantOf(app, "alpha"), alpha(), [employee], { type: "PROBE_PINGED", message: "Quietly pinged." }, "ping:3");
    await eventually(() => notificationPage(alpha(), employee), (page) => page.items.some((item) => item.message === "Quietly pinged."));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const quiet = (found: { text: string }) => found.text.includes("Quietly pinged.");
    expect([(await mails()).filter(quiet).length, (await texts()).filter(quiet).length, pushes]).toEqual([0, 0, 0]);
  });

  it("settings show the groups a person can receive, and the channels the program offers", async () => {
    const { app } = testApp;
    const open = async (loginId: string) => {
      const { cookie } = await signInAs(app, "alpha", loginId);
      const response = (await settle(() => settingsLoader({ request: requestTo("alpha", "/settings/notifications", { cookie }), context: contextFor(app, "alpha"), params: {} }))) as Response;
      return response.json();
    };
    const employee = await open("employee");
    expect(employee.groups.map((group: { title: string }) => group.title)).toEqual(["General"]);
    expect(employee.groups[0].types.map((type: { id: string }) => type.id)).toContain("PROBE_PINGED");
    expect(employee.channels.map((c: { channel: string }) => c.channel)).toEqual(["EMAIL", "SMS", "PUSH"]);
    const admin = await open("admin");
    expect(admin.groups.map((group: { title: string }) => group.title)).toEqual(["General", "Admin", "Probe"]);
  });
});

describe("a notification e-mail", () => {
  it("carries the program's logo, colours and a working link back", () => {
    const tenant = tenantOf(testApp.app, "alpha");
    const email = notificationEmail(tenant.config, "https://alpha.example.com", "You were recognised.", "/post/12");
    expect(email.subject).toBe("You were recognised.");
    expect(email.html).toContain('src="https://alpha.example.com/tenants/acme.svg"');
    expect(email.html).toContain("background-color:#1e293b");
    expect(email.html).toContain('href="https://alpha.example.com/post/12"');
    expect(email.text).toContain("https://alpha.example.com/post/12");
  });

  it("shows the picture a notification carries above its message, by its address on the site", async () => {
    const tenant = tenantOf(testApp.app, "alpha");
    const employee = ids.get("employee")!;
    const image = { src: "/assets/3f0c/badge.png", alt: "A gold badge" };
    await notify(testApp.app, tenant, alpha(), [employee], { type: "PROBE_PINGED", message: "A badge for you.", link: "/probe", image }, "ping:image");
    const stored = await eventually(
      () => alpha().selectFrom("notification").select(["image_url", "image_alt"]).where("dedupe_key", "=", `ping:image:${employee}`).execute(),
      (rows) => rows.length > 0,
    );
    expect(stored).toEqual([{ image_url: image.src, image_alt: image.alt }]);
    const email = notificationEmail(tenant.config, "https://alpha.example.com", "A badge for you.", "/probe", { image });
    expect(email.html).toMatch(/<img src="https:\/\/alpha\.example\.com\/assets\/3f0c\/badge\.png" alt="A gold badge"[^>]*>[^]*A badge for you\./);
    await expect(notify(testApp.app, tenant, alpha(), [employee], { type: "PROBE_PINGED", message: "Elsewhere", image: { src: "https://evil.example/x.png", alt: "x" } }, "ping:elsewhere")).rejects.toThrow();
  });
});
