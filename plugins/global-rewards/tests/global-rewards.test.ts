import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { action as sandboxAction, loader as sandboxLoader } from "../routes/global-rewards.sandbox";
import { loader as launchLoader } from "../routes/global-rewards._index";
import { loader as shopLoader } from "../../storefront/routes/storefront._index";
import { loader as awardStoresLoader } from "../../storefront/routes/storefront.awards.$awardId._index";
import { storeOf, SANDBOX_PATH } from "../store.server";
import { signStoreToken, TOKEN_SECONDS, verifyStoreToken } from "../token.server";
import { contextFor, createTestApp, formPost, requestTo, settle, signInAs, tenantOf, type TestApp } from "../../../tests/setup/test-app";

/** Globex has the global store on and the gift-card store off (the spec's "provider off and global store on"). */
let testApp: TestApp;
let globex: ProgramDb;
let tenant: Tenant;
beforeAll(async () => {
  testApp = await createTestApp({ population: 4 });
  tenant = await testApp.app.tenantSettings.effective(tenantOf(testApp.app, "globex"));
  globex = testApp.app.database.forProgram(tenant.programId);
});
afterAll(() => testApp.close());

type Route = (args: never) => Promise<unknown>;
const call = (route: Route, request: Request, params: Record<string, string> = {}) =>
  settle(() => (route as (args: unknown) => Promise<Response>)({ request, context: contextFor(testApp.app, "globex"), params }));

const SECRET = "s".repeat(40);
const claims = { iss: "acme", aud: "https://store.example", sub: "E-1", name: "Ann", email: null, pointValue: 0.01, currency: "USD" };

describe("the store's token", () => {
  it("is a JSON Web Token signed with the program's secret, for its store, that holds two minutes", () => {
    const now = new Date("2026-11-26T10:00:00Z");
    const token = signStoreToken({ ...claims, points: 1200 }, SECRET, now);
    const [header, payload] = token.split(".").slice(0, 2).map((part) => JSON.parse(Buffer.from(part!, "base64url").toString()));
    expect(header).toEqual({ alg: "HS256", typ: "JWT" });
    expect(payload).toMatchObject({ ...claims, points: 1200, iat: now.getTime() / 1000, exp: now.getTime() / 1000 + TOKEN_SECONDS, jti: expect.any(String) });
    expect(verifyStoreToken(token, SECRET, "https://store.example", now)).toMatchObject({ ok: true, claims: { sub: "E-1", points: 1200 } });
    const later = new Date(now.getTime() + TOKEN_SECONDS * 1000);
    expect(verifyStoreToken(token, SECRET, "https://store.example", later)).toEqual({ ok: false, problem: "expired" });
    expect(verifyStoreToken(token, "t".repeat(40), "https://store.example", now)).toEqual({ ok: false, problem: "signature" });
    expect(verifyStoreToken(token, SECRET, "https://other.example", now)).toEqual({ ok: false, problem: "audience" });
    const [h, , s] = token.split(".");
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, points: 99_999 })).toString("base64url")}.${s}`;
    expect(verifyStoreToken(forged, SECRET, "https://store.example", now)).toEqual({ ok: false, problem: "signature" });
    expect(verifyStoreToken("not a token", SECRET, "https://store.example", now)).toEqual({ ok: false, problem: "malformed" });
  });
});

const withStore = (features: Record<string, unknown>): Tenant => ({
  ...tenant,
  config: { ...tenant.config, features: { ...tenant.config.features, "global-rewards": { enabled: true, ...features } } },
});

describe("the program's store", () => {
  it("is the sandbox without a URL; a named store signs with the deployment's secret for it, and is refused without one", async () => {
    const dataDir = testApp.app.services.env.DATA_DIR;
    const sandbox = await storeOf(withStore({}), dataDir);
    expect(sandbox).toMatchObject({ url: SANDBOX_PATH, sandbox: true });
    expect(await storeOf(withStore({}), dataDir)).toEqual(sandbox);
    const named = withStore({ url: "https://rewards.example/sso", credentials: "ACME" });
    expect(await storeOf(named, dataDir, { GLOBAL_REWARDS_ACME_SECRET: SECRET })).toEqual({ url: "https://rewards.example/sso", secret: SECRET, sandbox: false });
    await expect(storeOf(named, dataDir, { GLOBAL_REWARDS_SECRET: SECRET })).rejects.toThrow("GLOBAL_REWARDS_ACME_SECRET");
    await expect(storeOf(withStore({ url: "https://rewards.example/sso" }), dataDir, { GLOBAL_REWARDS_SECRET: "short" })).rejects.toThrow("at least 32 characters");
  });
});

describe("opening the global rewards store", () => {
  it("signs the viewer in with their points; the sandbox store checks the token and greets them", async () => {
    const { cookie } = await signInAs(testApp.app, "globex", "manager");
    const opened = (await call(launchLoader, requestTo("globex", "/global-rewards", { cookie }))) as Response;
    expect(opened.headers.get("Cache-Control")).toBe("private, no-store");
    const { url, token } = await opened.json();
    expect(url).toBe(SANDBOX_PATH);
    const manager = await globex.selectFrom("employee").select(["id", "employee_code", "display_name"]).where("login_id", "=", "manager").executeTakeFirstOrThrow();
    const payload = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
    expect(payload).toMatchObject({ iss: "globex", aud: SANDBOX_PATH, sub: manager.employee_code, name: manager.display_name, points: expect.any(Number), currency: "EUR" });
    expect(payload.award).toBeUndefined();

    const greeted = (await call(sandboxAction, formPost("globex", SANDBOX_PATH, { token }))) as Response;
    expect(await greeted.json()).toMatchObject({ ok: true, name: manager.display_name, award: null });
    const refused = (await call(sandboxAction, formPost("globex", SANDBOX_PATH, { token: token.slice(0, -2) }))) as Response;
    expect(refused.status).toBe(401);
    // Signed with the deployment's sandbox secret, but for Globex: Acme's sandbox refuses it.
    const elsewhere = (await settle(() => sandboxAction({ request: formPost("acme", SANDBOX_PATH, { token }), context: contextFor(testApp.app, "acme"), params: {} }))) as Response;
    expect(elsewhere.status).toBe(401);
    expect(((await call(sandboxLoader, requestTo("globex", SANDBOX_PATH))) as Response).status).toBe(200);
  });

  it("carries the award chosen, only an award of the viewer's own; an award of no value opens the store from the shop", async () => {
    const employee = await globex.selectFrom("employee").select("id").where("login_id", "=", "employee").executeTakeFirstOrThrow();
    const type = await globex.insertInto("service_award_type", { name: "Zero-value thanks", years_service: 77, value_cents: 0 }).returning("id").executeTakeFirstOrThrow();
    const award = await globex
      .insertInto("service_award", { employee_id: employee.id, award_type_id: type.id, years_service: 77, anniversary: "2026-01-01" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { cookie } = await signInAs(testApp.app, "globex", "employee");
    const toStore = (await call(awardStoresLoader, requestTo("globex", `/storefront/awards/${award.id}`, { cookie }), { awardId: String(award.id) })) as Response;
    expect(toStore.headers.get("Location")).toBe(`/global-rewards?award=${award.id}`);
    const { token } = await ((await call(launchLoader, requestTo("globex", `/global-rewards?award=${award.id}`, { cookie }))) as Response).json();
    const greeted = await ((await call(sandboxAction, formPost("globex", SANDBOX_PATH, { token }))) as Response).json();
    expect(greeted).toMatchObject({ ok: true, award: "€0.00" });

    const other = await signInAs(testApp.app, "globex", "manager");
    const refused = (await call(launchLoader, requestTo("globex", `/global-rewards?award=${award.id}`, { cookie: other.cookie }))) as Response;
    expect(refused.headers.get("Location")).toBe("/feed");
  });

  it("is the shop's page 3 with the gift-card store off, opening in a new tab", async () => {
    const { cookie } = await signInAs(testApp.app, "globex", "manager");
    const page = await ((await call(shopLoader, requestTo("globex", "/storefront", { cookie }))) as Response).json();
    expect(page).toMatchObject({ page: "choose-store", stores: [{ label: "Global Rewards", href: "/global-rewards", newTab: true }] });
    expect(page.stores).toHaveLength(1);
  });
});
