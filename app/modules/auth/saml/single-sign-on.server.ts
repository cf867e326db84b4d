import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import * as samlify from "samlify";
import type { AppAuthenticator, AuthenticatedUser } from "~/modules/auth/authenticator.server";
import type { OneTimeStore } from "~/modules/auth/one-time-store.server";
import type { DatabaseHandle } from "~/modules/db/database.server";
import { publicUrl, type Env } from "~/modules/env.server";
import type { Logger } from "~/modules/logger.server";
import type { ConfigProblem } from "~/modules/tenants/files.server";
import type { SamlConfig } from "~/modules/tenants/schema";
import type { Tenant, TenantConfig } from "~/modules/tenants/tenant";
import { ssoApplies } from "./sso-applies";
import { employeeForAssertion, type AssertionSubject } from "./assertion-employee.server";
import { SamlFailure } from "./failure";
import { samlSchemaValidator } from "./schema-validator.server";
import { TenantSamlStrategy, type SamlSignInData } from "./strategy.server";

/** A sign-in ticket is redeemed by the browser right after the consumer answers. */
const TICKET_TTL_MS = 2 * 60 * 1000;

export const SSO_PATHS = {
  start: "/login/sso",
  consumer: "/login/sso/acs",
  metadata: "/login/sso/metadata",
  error: "/login/sso/error",
} as const;

interface Ticket extends AuthenticatedUser {
  verifierHash: string;
}

function sha256(value: string) {
  return createHash("sha256").update(value).digest();
}

export async function readIdpMetadata(saml: SamlConfig, tenantsDir: string) {
  return saml.idpMetadataXml ?? (await fs.readFile(path.resolve(tenantsDir, saml.idpMetadataFile!), "utf8"));
}

/** A tenant file's IdP metadata that cannot be read or names no sign-in service, as a start-up problem. */
export async function idpMetadataProblem(config: TenantConfig, file: string, tenantsDir: string): Promise<ConfigProblem | null> {
  const saml = config.sso.saml;
  if (!saml) return null;
  const at = `$.sso.saml.${saml.idpMetadataXml === undefined ? "idpMetadataFile" : "idpMetadataXml"}`;
  try {
    const idp = samlify.IdentityProvider({ metadata: await readIdpMetadata(saml, tenantsDir) });
    if (!idp.entityMeta.getEntityID()) return { file, path: at, message: "is not SAML IdP metadata (no entityID)" };
    if (!idp.entityMeta.getSingleSignOnService("urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect")) {
      return { file, path: at, message: "names no HTTP-Redirect SingleSignOnService" };
    }
    return null;
  } catch (error) {
    return { file, path: at, message: `cannot be used: ${(error as Error).message}` };
  }
}

interface SsoDeps {
  env: Env;
  database: DatabaseHandle;
  store: OneTimeStore;
  authenticator: AppAuthenticator;
  log: Logger;
}

/**
 * Single sign-on for every program whose file configures SAML: one remix-auth
 * strategy per program, built when first needed and rebuilt only when the
 * program's SAML settings change; and the short sign-in ticket that moves a
 * verified assertion from the IdP's cross-site POST into a first-party
 * request, where the session cookie is set (decision 015).
 */
export class SingleSignOn {
  private readonly strategies = new Map<
    string,
    { fingerprint: string; name: string; strategy: TenantSamlStrategy<AuthenticatedUser> }
  >();

  /** Truly private (#): requests hold this service, and must not reach the database through it. */
  readonly #deps: SsoDeps;

  constructor(deps: SsoDeps) {
    this.#deps = deps;
  }

  /** The SP's entity id and consumer URL, from PUBLIC_URL: never from a request's Host header. */
  endpoints(tenant: Tenant) {
    const base = publicUrl(this.#deps.env, tenant.config.subdomain);
    return { entityId: `${base}${SSO_PATHS.metadata}`, acsUrl: `${base}${SSO_PATHS.consumer}` };
  }

  /** The name under which this program's strategy is registered with remix-auth. */
  async strategyName(tenant: Tenant) {
    return (await this.strategyFor(tenant)).name;
  }

  /** The SP metadata an administrator gives the IdP. */
  async metadata(tenant: Tenant) {
    return (await this.strategyFor(tenant)).strategy.metadata();
  }

  private async strategyFor(tenant: Tenant) {
    const saml = tenant.config.sso.saml;
    if (!ssoApplies(tenant.config) || !saml) throw new SamlFailure("not-configured", "single sign-on is off for this program");
    const { subdomain } = tenant.config;
    const endpoints = this.endpoints(tenant);
    const fingerprint = JSON.stringify([saml, endpoints]);
    const cached = this.strategies.get(subdomain);
    if (cached?.fingerprint === fingerprint) return cached;

    // A program's first sign-in in this process: the schema checker compiles in its own thread while the person
    // is at the IdP, so the answer coming back does not wait for it (decisions 085, 120).
    void samlSchemaValidator.warm();
    const name = `saml:${subdomain}`;
    const strategy = new TenantSamlStrategy<AuthenticatedUser>(
      {
        programId: tenant.programId,
        ...endpoints,
        idpMetadataXml: await readIdpMetadata(saml, this.#deps.env.TENANTS_DIR),
        store: this.#deps.store,
      },
      async ({ extract, data }) => ({
        employeeId: await employeeForAssertion(
          this.#deps.database.forProgram(tenant.programId),
          saml,
          extract as AssertionSubject,
          this.#deps.log,
        ),
        redirectTo: (data as SamlSignInData).redirectTo,
      }),
    );
    this.#deps.authenticator.use(strategy, name);
    const built = { fingerprint, name, strategy };
    this.strategies.set(subdomain, built);
    return built;
  }

  /** A single-use link, good for two minutes, that signs the verified user in: `/login/sso/{token}/{refresh}`. */
  async issueTicket(tenant: Tenant, user: AuthenticatedUser) {
    const token = randomBytes(16).toString("base64url");
    const verifier = randomBytes(32).toString("base64url");
    const ticket: Ticket = { ...user, verifierHash: sha256(verifier).toString("base64url") };
    await this.#deps.store.put(tenant.programId, `sso-ticket:${token}`, ticket, TICKET_TTL_MS);
    return `${SSO_PATHS.start}/${token}/${verifier}`;
  }

  /** The user a ticket was issued for, once; null for an unknown, used, expired or mismatched ticket. */
  async redeemTicket(tenant: Tenant, token: string, verifier: string): Promise<AuthenticatedUser | null> {
    const ticket = await this.#deps.store.take<Ticket>(tenant.programId, `sso-ticket:${token}`);
    if (!ticket) return null;
    const expected = Buffer.from(ticket.verifierHash, "base64url");
    const presented = sha256(verifier);
    if (expected.length !== presented.length || !timingSafeEqual(expected, presented)) return null;
    return { employeeId: ticket.employeeId, redirectTo: ticket.redirectTo };
  }
}
