import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A tenants directory with the demo programs plus two that sign in with SAML:
 * `umbrella` (metadata in a file beside it, unknown users refused) and
 * `initrode` (metadata inline, identifier from an attribute, accounts created
 * just in time).
 */
export function samlTenantsDir(idpMetadataXml: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "recognize-saml-tenants-"));
  for (const name of fs.readdirSync("tenants")) fs.copyFileSync(path.join("tenants", name), path.join(dir, name));
  const acme = JSON.parse(fs.readFileSync("tenants/acme.json", "utf8"));
  const program = { ...acme.program, ssoType: "SAML", ssoReady: true };
  fs.writeFileSync(path.join(dir, "umbrella-idp.xml"), idpMetadataXml);
  const tenants = {
    umbrella: { name: "Umbrella", sso: { saml: { idpMetadataFile: "umbrella-idp.xml" } } },
    initrode: {
      name: "Initrode",
      sso: {
        saml: {
          idpMetadataXml,
          identifier: "employeeNumber",
          matchOn: "loginId",
          justInTime: true,
          attributes: { email: "mail", firstName: "givenName", lastName: "sn", jobTitle: "title" },
        },
      },
    },
  };
  for (const [subdomain, extra] of Object.entries(tenants)) {
    const config = { ...acme, subdomain, ...extra, program, notices: [] };
    fs.writeFileSync(path.join(dir, `${subdomain}.json`), JSON.stringify(config, null, 2));
  }
  return dir;
}
