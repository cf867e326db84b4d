import { describe, expect, it } from "vitest";
import { adminCookie, brokenMultipart, formsOf, hostileValues, longBodies, malformedEncodings, port, routes, serveForCorpus, withParams } from "../setup/hostile-corpus";
import { requestHost } from "../setup/http-client";

serveForCorpus();

describe("the hostile-input corpus", () => {
  it("never gets a 500 from an action, whatever the body", async () => {
    const failures: string[] = [];
    const actions = (await routes()).filter((route) => route.hasAction);
    expect(actions.length).toBeGreaterThan(10);
    const paths = actions.flatMap((route) =>
      [withParams(route.path, "1"), ...(route.hasParams ? malformedEncodings.map((value) => withParams(route.path, value)) : [])].map((path) => ({ path, maxBodyBytes: route.maxBodyBytes })),
    );
    for (const { path, maxBodyBytes } of paths) {
      const { fieldNames, intents } = await formsOf(path);
      const form = (intent: string, value: string) => ({
        contentType: "application/x-www-form-urlencoded",
        body: new URLSearchParams([["intent", intent], ...fieldNames.map((name) => [name, value] as [string, string])]).toString(),
      });
      // Every intent with a null byte everywhere, and every hostile value once (under each intent in turn).
      const bodies: { contentType: string; body: string }[] = [
        ...intents.map((intent) => form(intent, "a\u0000b")),
        ...hostileValues.map((value, i) => form(intents[i % intents.length]!, value)),
        ...longBodies(fieldNames, maxBodyBytes).map((body) => ({ contentType: "application/x-www-form-urlencoded", body })),
        { contentType: "application/json", body: JSON.stringify({ username: "admin", password: "x", intent: "deposit" }) },
        { contentType: "text/plain", body: "username=admin\npassword=x" },
        ...brokenMultipart.map((body) => ({ contentType: "multipart/form-data; boundary=xyz", body })),
        { contentType: "multipart/form-data", body: "garbage" },
        { contentType: "application/x-www-form-urlencoded", body: "%E0%A4%A=%zz&&=&intent=%00" },
      ];
      for (const signedIn of [false, true]) {
        for (const { contentType, body } of bodies) {
          const cookie = signedIn ? await adminCookie() : undefined;
          const response = await requestHost(port, "acme.localhost", path, { method: "POST", headers: { "Content-Type": contentType, ...(cookie ? { Cookie: cookie } : {}) }, rawBody: body });
          if (response.status >= 500) failures.push(`${response.status} POST ${path} ${contentType} ${body.slice(0, 80)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
