import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SchemaValidatorThread } from "./schema-validator.server";

const request = (issuer: string) =>
  '<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ' +
  `ID="_a1" Version="2.0" IssueInstant="2026-11-28T10:00:00Z">${issuer}</samlp:AuthnRequest>`;

// One thread for the file: its first check compiles xmllint, two seconds of CPU.
describe("the SAML schema validator's thread", () => {
  const validator = new SchemaValidatorThread();

  it("leaves the process's own thread free while it checks, even the first time", async () => {
    let turned = false;
    setImmediate(() => (turned = true));
    // xmllint on this thread compiled and checked before returning: nothing else ran until it had answered.
    await validator.validate(request(""));
    expect(turned).toBe(true);
  });

  it("accepts a document the SAML schemas allow and refuses one they do not, as xmllint does", async () => {
    await expect(validator.validate(request("<saml:Issuer>https://sp.test</saml:Issuer>"))).resolves.toBe("SUCCESS_VALIDATE_XML");
    await expect(validator.validate(request("<saml:Unknown/>"))).rejects.toBe("ERR_EXCEPTION_VALIDATE_XML");
  });

  it("warms up on a document the schemas accept", async () => {
    await expect(validator.warm()).resolves.toBe(true);
  });
});

it("refuses the checks its thread had when it dies, and checks the next in a new thread", async () => {
  const validator = new SchemaValidatorThread(fileURLToPath(new URL("../../../../tests/fixtures/dying-schema-validator.cjs", import.meta.url)));
  await expect(validator.validate("<fine/>")).resolves.toBe("SUCCESS_VALIDATE_XML");
  const [dying, queued] = [validator.validate("<die/>"), validator.validate("<fine/>")];
  await expect(dying).rejects.toThrow("the SAML schema validator's thread stopped (exit code 3)");
  await expect(queued).rejects.toThrow("the SAML schema validator's thread stopped (exit code 3)");
  await expect(validator.validate("<fine/>")).resolves.toBe("SUCCESS_VALIDATE_XML");
});
