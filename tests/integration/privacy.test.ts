import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { DEMO_PASSWORD } from "~/modules/demo/seed.server";
import webpush from "web-push";
import { savePushSubscription } from "~/modules/notifications/push-subscriptions.server";
import { lookUpPeople } from "~/modules/people/lookup.server";
import { calendarDayText } from "~/modules/time/calendar-days";
import { recipientsByIds } from "~/modules/recognition/recipients.server";
import { action as delegateAction } from "~/routes/delegation._index";
import { loader as profileLoader } from "~/routes/profile.$id";
import { action as privacyAction, loader as privacyLoader } from "~/routes/settings.privacy";
import { contextFor, createTestApp, formPost, requestTo, settle, signInAs, tenantOf, signInPeople, type TestApp } from "../setup/test-app";

let testApp: TestApp;
let acme: ProgramDb;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};

beforeAll(async () => {
  const vapid = webpush.generateVAPIDKeys();
  testApp = await createTestApp({ population: 3, env: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: "mailto:ops@acme.example.com" } });
  acme = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
  const people = await signInPeople(testApp.app, "acme");
  Object.assign(ids, people.ids);
  Object.assign(cookies, people.cookies);
});
afterAll(() => testApp.close());

type Route = (args: never) => Promise<unknown>;
type Page = { sections: Record<string, boolean>; values: Record<string, unknown>; readOnly: string | null };

/** Acme as it is, or with its plugins off, employee preferences off, or push notifications on. */
function acmeWith(change: { plugins?: boolean; preferences?: boolean; push?: boolean } = {}): AppLoadContext {
  const context = contextFor(testApp.app, "acme");
  const { config } = context.tenant;
  const features = change.plugins === false ? Object.fromEntries(Object.entries(config.features).map(([id, options]) => [id, { ...options, enabled: false }])) : config.features;
  const siteConfig = { ...config.siteConfig, employeePreferencesEnabled: change.preferences ?? true };
  const notifications = { ...config.notifications, pushEnabled: change.push ?? config.notifications.pushEnabled };
  return { ...context, tenant: { ...context.tenant, config: { ...config, features, siteConfig, notifications } } };
}

async function run(route: Route, path: string, cookie: string, { fields, params = {}, context = acmeWith() }: { fields?: Record<string, string>; params?: Record<string, string>; context?: AppLoadContext } = {}) {
  const request = fields ? formPost("acme", path, fields, cookie) : requestTo("acme", path, { cookie });
  return (await settle(() => (route as (args: unknown) => Promise<Response>)({ request, context, params }))) as Response;
}

const preferencesOf = async (who: string) => (await acme.selectFrom("employee").select("preferences").where("id", "=", ids[who]!).executeTakeFirstOrThrow()).preferences;
const everything = { publicRecognition: "PUBLIC", myTimeline: "PUBLIC", meIn3: "PUBLIC", myStuff: "PUBLIC", birthday: "CELEBRATE", anniversary: "CELEBRATE" };

describe("/settings/privacy", () => {
  it("offers the preferences the program uses: birthdays, anniversaries and hiding from the feed only while a plugin reads them", async () => {
    const page = (await (await run(privacyLoader, "/settings/privacy", cookies.employee!)).json()) as Page;
    expect(page.sections).toMatchObject({ publicRecognition: true, myTimeline: true, birthday: true, anniversary: true, hideFromMomentsFeed: true });
    expect(page.values).toMatchObject({ publicRecognition: "PUBLIC", myTimeline: "PUBLIC", birthday: "CELEBRATE", anniversary: "CELEBRATE", hideFromMomentsFeed: false });
    const bare = (await (await run(privacyLoader, "/settings/privacy", cookies.employee!, { context: acmeWith({ plugins: false }) })).json()) as Page;
    expect(bare.sections).toMatchObject({ publicRecognition: true, myTimeline: true, birthday: false, anniversary: false, hideFromMomentsFeed: false });
    const off = await run(privacyLoader, "/settings/privacy", cookies.employee!, { context: acmeWith({ preferences: false }) });
    expect(off.headers.get("Location")).toBe("/feed");
  });

  it("saves what was chosen with a snackbar, leaves what the form did not ask, and refuses a bad value beside its field", async () => {
    const saved = await run(privacyAction, "/settings/privacy", cookies.employee!, { fields: { ...everything, birthday: "HIDE", anniversary: "MUTE", myTimeline: "PRIVATE" } });
    expect(saved.headers.get("Location")).toBe("/settings/privacy");
    expect(await preferencesOf("employee")).toMatchObject({ birthdayRecognitionType: "HIDE", anniversaryRecognitionType: "MUTE", myTimelineEnabled: false, publicRecognitionEnabled: true, hideFromMomentsFeed: false });
    const page = await run(privacyLoader, "/settings/privacy", cookies.employee!);
    expect(((await page.json()) as Page).values).toMatchObject({ birthday: "HIDE", anniversary: "MUTE", myTimeline: "PRIVATE" });

    // Without the plugins, the birthday is not asked and stays as it was.
    await run(privacyAction, "/settings/privacy", cookies.employee!, { fields: { publicRecognition: "PUBLIC", myTimeline: "PRIVATE", meIn3: "PUBLIC", myStuff: "PUBLIC" }, context: acmeWith({ plugins: false }) });
    expect((await preferencesOf("employee")).birthdayRecognitionType).toBe("HIDE");

    const bad = await run(privacyAction, "/settings/privacy", cookies.employee!, { fields: { ...everything, birthday: "SHOUT" } });
    expect(bad.status).toBe(400);
    const reply = (await bad.json()) as { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    expect(reply.error.birthday).toEqual(["Choose how your birthday is recognised."]);
    expect(reply.initialValue.myTimeline).toBe("PUBLIC");
    expect((await preferencesOf("employee")).myTimelineEnabled).toBe(false);
  });

  it("asks for the consent to push where the program sends push notifications; withdrawn, the person's browsers stop receiving", async () => {
    const push = acmeWith({ push: true });
    expect(((await (await run(privacyLoader, "/settings/privacy", cookies.admin!)).json()) as Page).sections.pushConsent).toBe(false);
    expect(((await (await run(privacyLoader, "/settings/privacy", cookies.admin!, { context: push })).json()) as Page).sections.pushConsent).toBe(true);
    await savePushSubscription(acme, ids.admin!, { endpoint: "https://push.example.net/send/admin-1", p256dh: "key", auth: "auth" });
    const consented = (await (await run(privacyLoader, "/settings/privacy", cookies.admin!, { context: push })).json()) as Page;
    expect(consented.values.pushConsent).toBe(true);
    await run(privacyAction, "/settings/privacy", cookies.admin!, { fields: everything, context: push });
    const after = await acme.selectFrom("employee").select("permissions").where("id", "=", ids.admin!).executeTakeFirstOrThrow();
    expect(after.permissions.pushNotificationDataConsent).toBe(false);
    expect(await acme.selectFrom("push_subscription").select("id").where("employee_id", "=", ids.admin!).execute()).toEqual([]);
  });

  it("is read-only while acting on behalf of someone", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "employee");
    const started = await run(delegateAction, "/delegation", cookie, { fields: { delegatorId: String(ids.manager), password: DEMO_PASSWORD } });
    const delegating = started.headers.get("Set-Cookie")!.split(";")[0]!;
    const page = (await (await run(privacyLoader, "/settings/privacy", delegating)).json()) as Page;
    expect(page.readOnly).toBe("You are acting on behalf of Morgan Manager. Only they can change their privacy settings.");
    const before = await preferencesOf("manager");
    const refused = await run(privacyAction, "/settings/privacy", delegating, { fields: { ...everything, myTimeline: "PRIVATE" } });
    expect(refused.headers.get("Location")).toBe("/settings/privacy");
    expect(await preferencesOf("manager")).toEqual(before);
  });
});

describe("each preference where it applies", () => {
  it("myTimelineEnabled: a timeline kept to 'Only Me and My Manager' is shown to its person and their manager, and to nobody else", async () => {
    await run(privacyAction, "/settings/privacy", cookies.employee!, { fields: { ...everything, myTimeline: "PRIVATE" } });
    const profile = async (who: string) => (await (await run(profileLoader, `/profile/${ids.employee}`, cookies[who]!, { params: { id: String(ids.employee) } })).json()) as { wall: unknown; timelineKept: boolean; startedOn: string | null };
    await acme.updateTable("employee").set({ hire_date: "2021-03-04" }).where("id", "=", ids.employee!).execute();
    expect((await profile("employee")).wall).not.toBeNull();
    expect((await profile("manager")).wall).not.toBeNull();
    // Who the person is shows whatever they keep: their start date and department.
    expect(await profile("admin")).toMatchObject({ wall: null, timelineKept: true, startedOn: "2021-03-04", department: "Engineering" });
    expect(calendarDayText("2021-03-04")).toBe("March 4, 2021");
    await run(privacyAction, "/settings/privacy", cookies.employee!, { fields: { ...everything, myTimeline: "PUBLIC" } });
    expect((await profile("admin")).wall).not.toBeNull();
  });

  it("hideFromMomentsFeed takes the person out of mention lookups; publicRecognitionEnabled makes recognition of them private by preference", async () => {
    const scope = { viewer: { id: ids.admin!, isAdmin: true, isSupervisor: true }, excludeHiddenFromFeed: true };
    const found = async () => {
      const result = await lookUpPeople(acme, "Emery", scope);
      return result.tooShort ? [] : result.people.map((person) => person.id);
    };
    expect(await found()).toContain(ids.employee);
    await run(privacyAction, "/settings/privacy", cookies.employee!, { fields: { ...everything, publicRecognition: "PRIVATE", hideFromMomentsFeed: "on" } });
    expect(await found()).not.toContain(ids.employee);
    expect((await recipientsByIds(acme, [ids.employee!])).get(ids.employee!)).toMatchObject({ hidden: true, prefersPrivate: true });
    await run(privacyAction, "/settings/privacy", cookies.employee!, { fields: everything });
    expect(await found()).toContain(ids.employee);
    expect((await recipientsByIds(acme, [ids.employee!])).get(ids.employee!)).toMatchObject({ hidden: false, prefersPrivate: false });
  });
});
