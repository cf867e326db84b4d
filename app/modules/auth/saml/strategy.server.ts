import { redirect, type SessionStorage } from "@remix-run/node";
import { DOMParser } from "@xmldom/xmldom";
import type { AuthenticateOptions, StrategyVerifyCallback } from "remix-auth";
import { SamlStrategy, type SamlStrategyVerifyParams } from "remix-auth-saml";
import * as samlify from "samlify";
import type { OneTimeStore } from "~/modules/auth/one-time-store.server";
import { safeRedirectPath } from "~/modules/auth/safe-redirect";
import { SamlFailure } from "./failure";
import { samlSchemaValidator } from "./schema-validator.server";

const ASSERTION_NS = "urn:oasis:names:tc:SAML:2.0:assertion";
const POST_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";
/** How long the IdP may take between our request and its answer. */
export const SAML_REQUEST_TTL_MS = 10 * 60 * 1000;
/** Tolerated clock difference between the IdP and us, both ways. */
export const SAML_CLOCK_DRIFT_MS = 60 * 1000;

export interface TenantSamlOptions {
  programId: number;
  /** The SP entity id, which assertions must name as their audience. */
  entityId: string;
  /** The assertion consumer URL, which responses must name as their destination. */
  acsUrl: string;
  idpMetadataXml: string;
  store: OneTimeStore;
}

/** What the verify callback receives besides the extracted assertion. */
export interface SamlSignInData {
  redirectTo: string;
}

interface PendingRequest {
  redirectTo: string;
}

/** The assertion's id and its subject confirmation, read from the one assertion a response may carry. */
function readAssertion(samlContent: string) {
  const document = new DOMParser().parseFromString(samlContent, "text/xml");
  const assertions = document.getElementsByTagNameNS(ASSERTION_NS, "Assertion");
  if (assertions.length !== 1) throw new SamlFailure("invalid", `the response carries ${assertions.length} assertions, not one`);
  const assertion = assertions.item(0)!;
  const confirmation = assertion.getElementsByTagNameNS(ASSERTION_NS, "SubjectConfirmationData").item(0);
  return {
    id: assertion.getAttribute("ID") ?? "",
    recipient: confirmation?.getAttribute("Recipient") || null,
    inResponseTo: confirmation?.getAttribute("InResponseTo") || null,
    notOnOrAfter: confirmation?.getAttribute("NotOnOrAfter") || null,
  };
}

/** samlify's errors in our words: a time check is "expired", a refusal "denied", the rest "invalid". */
function fromSamlify(error: unknown) {
  const code = error instanceof Error ? error.message : String(error);
  if (code === "ERR_SUBJECT_UNCONFIRMED" || code === "ERR_EXPIRED_SESSION") return new SamlFailure("expired", code);
  if (code.startsWith("ERR_FAILED_STATUS")) return new SamlFailure("denied", code);
  return new SamlFailure("invalid", code);
}

/**
 * remix-auth-saml's SamlStrategy for one program. The base class fetches the
 * IdP metadata URL on every request, stores the user in a session of its own
 * and checks neither audience, destination, InResponseTo nor replays; this
 * subclass builds the IdP once from the tenant's metadata, keeps each request
 * id until its response arrives, and refuses an assertion it has seen before
 * (decision 015).
 */
export class TenantSamlStrategy<User> extends SamlStrategy<User> {
  private readonly idp: ReturnType<typeof samlify.IdentityProvider>;
  private readonly acsPath: string;

  constructor(private readonly tenantOptions: TenantSamlOptions, verify: StrategyVerifyCallback<User, SamlStrategyVerifyParams>) {
    super(
      {
        validator: samlSchemaValidator,
        authURL: tenantOptions.entityId,
        callbackURL: tenantOptions.acsUrl,
        idpMetadataURL: "",
        spAuthnRequestSigned: false,
        spWantAssertionSigned: true,
        spWantMessageSigned: false,
        spWantLogoutRequestSigned: false,
        spWantLogoutResponseSigned: false,
        spIsAssertionEncrypted: false,
      },
      verify,
    );
    // The base class also lists a Redirect-binding consumer, which no IdP may answer on.
    this.sp = samlify.ServiceProvider({
      entityID: tenantOptions.entityId,
      authnRequestsSigned: false,
      wantAssertionsSigned: true,
      assertionConsumerService: [{ Binding: POST_BINDING, Location: tenantOptions.acsUrl }],
      clockDrifts: [-SAML_CLOCK_DRIFT_MS, SAML_CLOCK_DRIFT_MS],
    });
    this.idp = samlify.IdentityProvider({ metadata: tenantOptions.idpMetadataXml });
    this.acsPath = new URL(tenantOptions.acsUrl).pathname;
  }

  /** The IdP's sign-in page with our request; a POST to the consumer URL is the IdP's answer. */
  async authenticate(request: Request, _storage: SessionStorage, _options: AuthenticateOptions): Promise<User> {
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname === this.acsPath) return this.consume(request);
    throw await this.startSignIn(safeRedirectPath(url.searchParams.get("redirectTo")));
  }

  private async startSignIn(redirectTo: string) {
    const { id, context } = this.sp.createLoginRequest(this.idp, "redirect", { relayState: redirectTo });
    const pending: PendingRequest = { redirectTo };
    await this.tenantOptions.store.put(this.tenantOptions.programId, `saml-request:${id}`, pending, SAML_REQUEST_TTL_MS);
    return redirect(context);
  }

  private async consume(request: Request): Promise<User> {
    const { programId, entityId, acsUrl, store } = this.tenantOptions;
    const form = await request.formData();
    const samlResponse = form.get("SAMLResponse");
    if (typeof samlResponse !== "string" || samlResponse === "") throw new SamlFailure("invalid", "no SAMLResponse was posted");

    const { extract, samlContent } = await this.sp
      .parseLoginResponse(this.idp, "post", { body: { SAMLResponse: samlResponse } })
      .catch((error: unknown) => {
        throw fromSamlify(error);
      });

    const assertion = readAssertion(samlContent);
    if (extract.audience !== entityId) throw new SamlFailure("invalid", `audience is ${extract.audience}, not ${entityId}`);
    if (extract.response?.destination !== acsUrl) {
      throw new SamlFailure("invalid", `destination is ${extract.response?.destination}, not ${acsUrl}`);
    }
    if (assertion.recipient && assertion.recipient !== acsUrl)
      throw new SamlFailure("invalid", `recipient is ${assertion.recipient}`);
    const confirmationEnds = Date.parse(assertion.notOnOrAfter ?? "");
    if (Number.isNaN(confirmationEnds)) throw new SamlFailure("invalid", "the subject confirmation has no NotOnOrAfter");
    if (confirmationEnds + SAML_CLOCK_DRIFT_MS <= Date.now()) throw new SamlFailure("expired", "subject confirmation has ended");

    // Remember the assertion until its subject confirmation, checked above, would refuse it anyway.
    const remember = confirmationEnds - Date.now() + 2 * SAML_CLOCK_DRIFT_MS;
    if (!assertion.id || !(await store.claim(programId, `saml-assertion:${extract.issuer}:${assertion.id}`, remember))) {
      throw new SamlFailure("replayed", `assertion ${assertion.id} was already used`);
    }

    const inResponseTo: unknown = extract.response?.inResponseTo;
    if (typeof inResponseTo !== "string" || !inResponseTo)
      throw new SamlFailure("unsolicited", "the response answers no request (IdP-initiated sign-in is off)");
    if (assertion.inResponseTo && assertion.inResponseTo !== inResponseTo) {
      throw new SamlFailure("invalid", "the assertion and the response answer different requests");
    }
    const pending = await store.take<PendingRequest>(programId, `saml-request:${inResponseTo}`);
    if (!pending) throw new SamlFailure("unsolicited", `request ${inResponseTo} is unknown, expired or already answered`);

    const data: SamlSignInData = { redirectTo: safeRedirectPath(pending.redirectTo) };
    return this.verify({ extract, data });
  }
}
