import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "@remix-run/node";
import pino from "pino";
import { SamlFailure, ssoFailureMessages } from "~/modules/auth/saml/failure";
import { ssoFailureRedirect } from "~/modules/auth/saml/sso-failure.server";
import { parseEnv } from "~/modules/env.server";
import { createLogger } from "~/modules/logger.server";
import { startApp } from "~/modules/app.server";
import { TenantConfigError } from "~/modules/tenants/files.server";
import { canonicalJson, exportTenant, writeTenantFile } from "~/modules/tenants/transfer.server";
import { requestHost, serveBuiltApp } from "../setup/http-client";
import { createTestIdp, type ResponseOptions, type TestIdp } from "../setup/saml-idp";
import { samlTenantsDir } from "../setup/saml-tenants";
import { createTestApp, tenantOf, type TestApp } from "../setup/test-app";

const PUBLIC_URL = "https://{subdomain}.recognize.test";
const endpointsOf = (subdomain: string) => ({
  entityId: `https://${subdomain}.recognize.test/login/sso/metadata`,
  acsUrl: `https://${subdomain}.recognize.test/login/sso/acs`,
});
const idps: Record<"umbrella" | "initrode", TestIdp> = {
  umbrella: createTestIdp(endpointsOf("umbrella")),
  initrode: createTestIdp(endpointsOf("initrode")),
};

let testApp: TestApp;
let server: http.Server;
let port: number;
let tenantsDir: string;

beforeAll(async () => {
  tenantsDir = samlTenantsDir(idps.umbrella.metadata);
  testApp = await createTestApp({ tenantsDir, population: 0, env: { PUBLIC_URL }, built: true });
  ({ server, port } = await serveBuiltApp(testApp.app));
}, 120_000);

afterAll(async () => {
  server?.close();
  await testApp?.close();
});

const get = (subdomain: string, pathname: string, cookie?: string) =>
  requestHost(port, `${subdomain}.localhost`, pathname, { cookie });

/** SP-initiated: our redirect to the IdP, and the request id the IdP reads from it. */
async function startSignIn(subdomain: "umbrella" | "initrode", redirectTo = "/transaction-history") {
  const start = await get(subdomain, `/login/sso?redirectTo=${encodeURIComponent(redirectTo)}`);
  expect(start.status).toBe(302);
  expect(start.location).toMatch(/^https:\/\/idp\.test\/sso\?SAMLRequest=/);
  return idps[subdomain].readRequest(start.location!);
}

/** The IdP's self-posting form arriving at the consumer: a cross-site POST. */
function postToConsumer(subdomain: string, samlResponse: string, relayState = "") {
  return requestHost(port, `${subdomain}.localhost`, "/login/sso/acs", {
    method: "POST",
    form: { SAMLResponse: samlResponse, RelayState: relayState },
    headers: { Origin: "https://idp.test" },
  });
}

async function answer(subdomain: "umbrella" | "initrode", options: Partial<ResponseOptions> & { nameId: string }) {
  const { requestId, relayState } = await startSignIn(subdomain);
  const samlResponse = await idps[subdomain].respond({ inResponseTo: requestId, ...options });
  return { samlResponse, consumed: await postToConsumer(subdomain, samlResponse, relayState ?? "") };
}

function expectFailure(response: { status: number; location: string | null }, reason: string) {
  expect(response.status).toBe(303);
  expect(response.location).toBe(`/login/sso/error?reason=${reason}`);
}

describe("SAML single sign-on", () => {
  it("serves the program's SP metadata, and none where SSO is off", async () => {
    const metadata = await get("umbrella", "/login/sso/metadata");
    expect(metadata.status).toBe(200);
    expect(metadata.body).toContain(`entityID="${endpointsOf("umbrella").entityId}"`);
    expect(metadata.body).toContain(`Location="${endpointsOf("umbrella").acsUrl}"`);
    expect(metadata.body).toContain('WantAssertionsSigned="true"');
    expect((await get("acme", "/login/sso/metadata")).status).toBe(404);
  });

  it("offers the company account on the sign-in page, and the password form through /login/non-sso", async () => {
    const login = await get("umbrella", "/login");
    expect(login.body).toContain("Sign in with your company account");
    expect(login.body).not.toContain('name="password"');
    const nonSso = await get("umbrella", "/login/non-sso?redirectTo=%2Fredeem");
    expect(nonSso.location).toBe("/login?method=password&redirectTo=%2Fredeem");
    expect((await get("umbrella", nonSso.location!)).body).toContain('name="password"');
    expect((await get("acme", "/login")).body).not.toContain("company account");
    expect((await get("acme", "/login/non-sso")).location).toBe("/login");
  });

  it("signs a known employee in and lands on the saved path; the ticket works once", async () => {
    const { requestId, relayState } = await startSignIn("umbrella", "/transaction-history");
    expect(relayState).toBe("/transaction-history");
    const samlResponse = await idps.umbrella.respond({ inResponseTo: requestId, nameId: "Manager@Umbrella.example.com" });
    const consumed = await postToConsumer("umbrella", samlResponse, relayState!);
    expect(consumed.status).toBe(303);
    expect(consumed.location).toMatch(/^\/login\/sso\/[\w-]{22}\/[\w-]{43}$/);

    const landed = await get("umbrella", consumed.location!);
    expect(landed.status).toBe(302);
    expect(landed.location).toBe("/transaction-history");
    const feed = await get("umbrella", "/feed", landed.cookie!);
    expect(feed.status).toBe(200);
    expect(feed.body).toContain("Morgan Manager");

    expectFailure(await get("umbrella", consumed.location!), "ticket");
  });

  it("refuses a response signed with another key", async () => {
    const { consumed } = await answer("umbrella", { nameId: "manager@umbrella.example.com", signer: "impostor" });
    expectFailure(consumed, "invalid");
  });

  it("refuses an assertion for another audience", async () => {
    const { consumed } = await answer("umbrella", {
      nameId: "manager@umbrella.example.com",
      audience: "https://other.example/sp",
    });
    expectFailure(consumed, "invalid");
  });

  it("refuses a response addressed to another consumer", async () => {
    const { consumed } = await answer("umbrella", {
      nameId: "manager@umbrella.example.com",
      destination: "https://other.example/acs",
    });
    expectFailure(consumed, "invalid");
  });

  it("refuses an expired assertion", async () => {
    const { consumed } = await answer("umbrella", { nameId: "manager@umbrella.example.com", validForMs: -5 * 60 * 1000 });
    expectFailure(consumed, "expired");
  });

  it("refuses a replayed assertion", async () => {
    const { samlResponse, consumed } = await answer("umbrella", { nameId: "employee@umbrella.example.com" });
    expect(consumed.location).toMatch(/^\/login\/sso\//);
    expectFailure(await postToConsumer("umbrella", samlResponse), "replayed");
  });

  it("refuses a response that answers no request of ours", async () => {
    const samlResponse = await idps.umbrella.respond({ inResponseTo: "_never-asked", nameId: "manager@umbrella.example.com" });
    expectFailure(await postToConsumer("umbrella", samlResponse), "unsolicited");
  });

  it("refuses a response meant for another program", async () => {
    const { requestId } = await startSignIn("umbrella");
    const samlResponse = await idps.umbrella.respond({ inResponseTo: requestId, nameId: "manager@umbrella.example.com" });
    expectFailure(await postToConsumer("initrode", samlResponse), "invalid");
  });

  it("tells an unknown person to contact the program, and creates no account", async () => {
    const { consumed } = await answer("umbrella", { nameId: "stranger@umbrella.example.com" });
    expectFailure(consumed, "unknown-user");
    const page = await get("umbrella", consumed.location!);
    expect(page.body).toContain(ssoFailureMessages["unknown-user"].replace("'", "&#x27;"));
    const db = testApp.app.database.forProgram(tenantOf(testApp.app, "umbrella").programId);
    expect(await db.selectFrom("employee").select("id").where("email", "=", "stranger@umbrella.example.com").execute()).toEqual(
      [],
    );
  });

  it("creates the employee just in time where the tenant file says so, from the mapped attributes", async () => {
    const attributes = {
      employeeNumber: "E-4711",
      mail: "rosa.parks@initrode.example.com",
      givenName: "Rosa",
      sn: "Parks",
      title: "Engineer",
    };
    const first = await answer("initrode", { nameId: "ignored@initrode.example.com", attributes });
    const landed = await get("initrode", first.consumed.location!);
    expect(landed.location).toBe("/transaction-history");
    expect((await get("initrode", "/feed", landed.cookie!)).body).toContain("Rosa Parks");

    const db = testApp.app.database.forProgram(tenantOf(testApp.app, "initrode").programId);
    const created = await db
      .selectFrom("employee")
      .select(["login_id", "email", "job_title", "password_hash"])
      .where("login_id", "=", "E-4711")
      .execute();
    expect(created).toEqual([
      { login_id: "E-4711", email: "rosa.parks@initrode.example.com", job_title: "Engineer", password_hash: null },
    ]);

    const again = await answer("initrode", { nameId: "ignored@initrode.example.com", attributes });
    expect(again.consumed.location).toMatch(/^\/login\/sso\//);
    expect(await db.selectFrom("employee").select("id").where("login_id", "=", "E-4711").execute()).toHaveLength(1);
  });

  it("refuses, without a crash, to create an employee whose e-mail another employee has", async () => {
    const attributes = { employeeNumber: "E-4712", mail: "manager@initrode.example.com", givenName: "Mo", sn: "Copy" };
    const { consumed } = await answer("initrode", { nameId: "ignored@initrode.example.com", attributes });
    expectFailure(consumed, "unknown-user");
  });

  it("logs each failure with its reason and detail, and shows only the reason's message", () => {
    const lines: Record<string, unknown>[] = [];
    const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const response = ssoFailureRedirect({ log } as unknown as AppLoadContext, new SamlFailure("expired", "ERR_SUBJECT_UNCONFIRMED"));
    expect(response.headers.get("Location")).toBe("/login/sso/error?reason=expired");
    expect(lines).toEqual([expect.objectContaining({ level: 40, event: "sso_failed", reason: "expired", detail: "ERR_SUBJECT_UNCONFIRMED" })]);
    expect(() => ssoFailureRedirect({ log } as unknown as AppLoadContext, new Error("database down"))).toThrow("database down");
  });

  it("sends every failure page's visitor back to a way in", async () => {
    const page = await get("umbrella", "/login/sso/error?reason=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    expect(page.body).toContain(ssoFailureMessages.invalid);
    expect(page.body).toContain('href="/login/sso"');
    expect(page.body).not.toContain("alert(1)");
  });
});

describe("SAML tenant files", () => {
  it("export with the IdP metadata inline, so the file stands alone", async () => {
    const exported = JSON.parse(await exportTenant(testApp.app, "umbrella"));
    expect(Object.keys(exported.sso.saml)[0]).toBe("idpMetadataXml");
    expect(exported.sso.saml.idpMetadataXml).toBe(idps.umbrella.metadata);
    expect(exported.sso.saml).not.toHaveProperty("idpMetadataFile");
    const parsed = testApp.app.registry.tenantSchema.parse(exported);
    expect(canonicalJson(parsed)).toBe(await exportTenant(testApp.app, "umbrella"));
  });

  it("import and reproduce with the metadata file beside the tenant file written inline", async () => {
    const target = fs.mkdtempSync(path.join(tenantsDir, "../import-"));
    const { config } = await writeTenantFile(testApp.app.registry, path.join(tenantsDir, "umbrella.json"), target);
    expect(config.sso.saml).toMatchObject({ idpMetadataXml: idps.umbrella.metadata });
    expect(JSON.parse(fs.readFileSync(path.join(target, "umbrella.json"), "utf8")).sso.saml).not.toHaveProperty("idpMetadataFile");

    const lonely = fs.mkdtempSync(path.join(tenantsDir, "../lonely-"));
    fs.copyFileSync(path.join(tenantsDir, "umbrella.json"), path.join(lonely, "umbrella.json"));
    const error = (await writeTenantFile(testApp.app.registry, path.join(lonely, "umbrella.json"), target).catch((reason: unknown) => reason)) as TenantConfigError;
    expect(error.problems).toEqual([
      expect.objectContaining({ path: "$.sso.saml.idpMetadataFile", message: expect.stringMatching(/^cannot be read: ENOENT/) }),
    ]);
  });

  it("stop start-up when the metadata file is missing or SAML is chosen without settings", async () => {
    const dir = samlTenantsDir(idps.umbrella.metadata);
    fs.rmSync(path.join(dir, "umbrella-idp.xml"));
    const initrode = JSON.parse(fs.readFileSync(path.join(dir, "initrode.json"), "utf8"));
    delete initrode.sso;
    fs.writeFileSync(path.join(dir, "initrode.json"), JSON.stringify(initrode));

    const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", TENANTS_DIR: dir });
    const started = startApp(env, createLogger("silent"), {
      database: { kind: "pglite", dataDir: "memory://" },
      seedDemo: false,
    });
    const error = (await started.catch((reason: unknown) => reason)) as TenantConfigError;
    expect(error).toBeInstanceOf(TenantConfigError);
    expect(error.problems).toEqual([
      expect.objectContaining({
        file: path.join(dir, "initrode.json"),
        path: "$.sso.saml",
        message: "is required when program.ssoType is SAML",
      }),
    ]);

    fs.writeFileSync(
      path.join(dir, "initrode.json"),
      JSON.stringify({ ...initrode, program: { ...initrode.program, ssoType: "NONE" } }),
    );
    const second = (await startApp(env, createLogger("silent"), {
      database: { kind: "pglite", dataDir: "memory://" },
      seedDemo: false,
    }).catch((reason: unknown) => reason)) as TenantConfigError;
    expect(second.problems).toEqual([
      expect.objectContaining({
        file: path.join(dir, "umbrella.json"),
        path: "$.sso.saml.idpMetadataFile",
        message: expect.stringMatching(/^cannot be used: ENOENT/),
      }),
    ]);
  });
});
