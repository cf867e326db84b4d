// A real SAML identity provider for tests: samlify with its own key pair,
// answering AuthnRequests with signed responses that the app's consumer verifies.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import samlify from "samlify";
import { samlSchemaValidator } from "~/modules/auth/saml/schema-validator.server";

samlify.setSchemaValidator(samlSchemaValidator);

const fixtures = path.resolve(import.meta.dirname, "../fixtures/saml");
const REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const POST = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";
export const IDP_ENTITY_ID = "https://idp.test/metadata";

export interface ServiceProviderEndpoints {
  entityId: string;
  acsUrl: string;
}

/** What a response says; every field can be bent to make the app refuse it. */
export interface ResponseOptions {
  inResponseTo: string;
  nameId: string;
  attributes?: Record<string, string>;
  audience?: string;
  destination?: string;
  /** Milliseconds from now until the assertion stops being valid (negative: already expired). */
  validForMs?: number;
  /** "impostor" signs with a key the metadata does not name. */
  signer?: "idp" | "impostor";
  assertionId?: string;
}

function xmlEscape(value: string) {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function attributeStatement(attributes: Record<string, string>) {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return "";
  const body = entries
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${xmlEscape(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">` +
        `<saml:AttributeValue xsi:type="xs:string">${xmlEscape(value)}</saml:AttributeValue></saml:Attribute>`,
    )
    .join("");
  return `<saml:AttributeStatement>${body}</saml:AttributeStatement>`;
}

function identityProvider(signer: "idp" | "impostor", ssoUrl: string) {
  return samlify.IdentityProvider({
    entityID: IDP_ENTITY_ID,
    privateKey: fs.readFileSync(path.join(fixtures, `${signer}-key.pem`)),
    signingCert: fs.readFileSync(path.join(fixtures, `${signer}-cert.pem`)),
    singleSignOnService: [{ Binding: REDIRECT, Location: ssoUrl }],
    nameIDFormat: ["urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress"],
  });
}

export function createTestIdp(sp: ServiceProviderEndpoints, ssoUrl = "https://idp.test/sso") {
  const signers = { idp: identityProvider("idp", ssoUrl), impostor: identityProvider("impostor", ssoUrl) };
  const serviceProvider = samlify.ServiceProvider({
    entityID: sp.entityId,
    wantAssertionsSigned: true,
    assertionConsumerService: [{ Binding: POST, Location: sp.acsUrl }],
  });

  return {
    /** The metadata a tenant file carries (idpMetadataXml or a file). */
    metadata: signers.idp.getMetadata(),

    /** The id of the AuthnRequest in an SP-initiated redirect to this IdP, and its RelayState. */
    async readRequest(location: string) {
      const url = new URL(location);
      const query = Object.fromEntries(url.searchParams);
      const { extract } = await signers.idp.parseLoginRequest(serviceProvider, "redirect", { query });
      return { requestId: extract.request?.id as string, relayState: url.searchParams.get("RelayState") };
    },

    /** A signed, base64 SAMLResponse as the IdP's page would post it to the consumer. */
    async respond(options: ResponseOptions) {
      const now = Date.now();
      const until = new Date(now + (options.validForMs ?? 5 * 60 * 1000)).toISOString();
      const issued = new Date(
        now - (options.validForMs !== undefined && options.validForMs < 0 ? 10 * 60 * 1000 : 0),
      ).toISOString();
      const id = `_${randomUUID()}`;
      const values = {
        ID: id,
        AssertionID: options.assertionId ?? `_${randomUUID()}`,
        Destination: options.destination ?? sp.acsUrl,
        Audience: options.audience ?? sp.entityId,
        SubjectRecipient: sp.acsUrl,
        Issuer: IDP_ENTITY_ID,
        IssueInstant: issued,
        StatusCode: "urn:oasis:names:tc:SAML:2.0:status:Success",
        ConditionsNotBefore: issued,
        ConditionsNotOnOrAfter: until,
        SubjectConfirmationDataNotOnOrAfter: until,
        NameIDFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
        NameID: options.nameId,
        InResponseTo: options.inResponseTo,
      };
      // replaceTagsByValue escapes values, so the two XML fragments go in first.
      const authnStatement =
        `<saml:AuthnStatement AuthnInstant="${issued}" SessionIndex="${id}"><saml:AuthnContext>` +
        "<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>" +
        "</saml:AuthnContext></saml:AuthnStatement>";
      const fill = (template: string) =>
        samlify.SamlLib.replaceTagsByValue(
          template
            .replace("{AuthnStatement}", authnStatement)
            .replace("{AttributeStatement}", attributeStatement(options.attributes ?? {})),
          values,
        );
      const { context } = await signers[options.signer ?? "idp"].createLoginResponse(
        serviceProvider,
        { extract: { request: { id: options.inResponseTo } } },
        "post",
        { email: options.nameId },
        { customTagReplacement: (template: string) => ({ id, context: fill(template) }) },
      );
      return context;
    },
  };
}

export type TestIdp = ReturnType<typeof createTestIdp>;

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

/**
 * The IdP as a browser sees it, for end-to-end tests: a sign-in page that asks
 * for an e-mail address, then the usual self-posting form to the consumer
 * (with a Continue button for browsers without JavaScript).
 */
export function serveTestIdp(sp: ServiceProviderEndpoints, port: number) {
  const idp = createTestIdp(sp, `http://localhost:${port}/sso`);
  // The IdP checks each request against the SAML schemas; the checker compiles at its first use, in its own thread
  // (seconds on a busy machine), so only a worker that signs in with SSO pays for it (decision 120).
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", `http://localhost:${port}`);
      if (req.method === "GET" && url.pathname === "/sso") {
        const { requestId, relayState } = await idp.readRequest(url.toString());
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        res.end(
          page(
            "Test IdP sign-in",
            `<form method="get" action="/sso/answer"><input type="hidden" name="request" value="${xmlEscape(requestId)}">` +
              `<input type="hidden" name="relay" value="${xmlEscape(relayState ?? "")}">` +
              `<label>Company e-mail <input name="email" type="email" required></label> <button type="submit">Sign in at the IdP</button></form>`,
          ),
        );
        return;
      }
      if (req.method === "GET" && url.pathname === "/sso/answer") {
        const samlResponse = await idp.respond({
          inResponseTo: url.searchParams.get("request") ?? "",
          nameId: url.searchParams.get("email") ?? "",
        });
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        res.end(
          page(
            "Returning to the program",
            `<form id="answer" method="post" action="${xmlEscape(
              sp.acsUrl,
            )}"><input type="hidden" name="SAMLResponse" value="${samlResponse}">` +
              `<input type="hidden" name="RelayState" value="${xmlEscape(url.searchParams.get("relay") ?? "")}">` +
              `<noscript><button type="submit">Continue</button></noscript></form><script>document.getElementById("answer").submit()</script>`,
          ),
        );
        return;
      }
      res.writeHead(404).end();
    } catch (error) {
      res.writeHead(400, { "Content-Type": "text/plain" }).end(String(error));
    }
  });
  return new Promise<{ idp: TestIdp; close: () => Promise<void> }>((resolve) => {
    server.listen(port, "127.0.0.1", () =>
      resolve({ idp, close: () => new Promise<void>((done) => server.close(() => done())) }),
    );
  });
}
