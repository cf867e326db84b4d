import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { serverRegistry } from "~/modules/plugins/installed.server";
import { ssoApplies } from "./sso-applies";

const acme = JSON.parse(fs.readFileSync("tenants/acme.json", "utf8"));
const saml = { idpMetadataXml: "<EntityDescriptor/>" };
const configWith = (program: object, sso: object = { saml }) =>
  serverRegistry.tenantSchema.parse({ ...acme, program: { ...acme.program, ...program }, sso });

describe("when single sign-on applies", () => {
  it("only with ssoType SAML and ssoReady, as the spec says", () => {
    expect(ssoApplies(configWith({ ssoType: "SAML", ssoReady: true }))).toBe(true);
    expect(ssoApplies(configWith({ ssoType: "SAML", ssoReady: false }))).toBe(false);
    expect(ssoApplies(configWith({ ssoType: "NONE", ssoReady: true }))).toBe(false);
    expect(ssoApplies(configWith({ ssoType: "NONE", ssoReady: true }, {}))).toBe(false);
  });
});
