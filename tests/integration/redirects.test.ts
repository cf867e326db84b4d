import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as emailRedirectLoader } from "~/routes/email.redirect";
import { loader as redirectLoader } from "~/routes/redirect";
import { contextFor, createTestApp, requestTo, settle, signInAs, type TestApp } from "../setup/test-app";

let testApp: TestApp;
let cookie: string;
beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
  cookie = (await signInAs(testApp.app, "acme", "employee")).cookie;
});
afterAll(() => testApp.close());

const hostile = [
  "//evil.example",
  "//evil.example/feed",
  "///evil.example",
  "////evil.example",
  "/\\evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  "https://evil.example",
  "http://evil.example/feed",
  "HTTPS://evil.example",
  "https:evil.example",
  "javascript:alert(document.cookie)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "%2F%2Fevil.example",
  "/%2F%2Fevil.example",
  "/%2Fevil.example",
  "%5C%5Cevil.example",
  "/%5Cevil.example",
  "%252F%252Fevil.example",
  "/%252F%252Fevil.example",
  "%25252F%25252Fevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/%09/evil.example",
  "/%0d%0aLocation:%20https://evil.example",
  " //evil.example",
  "\u3002evil.example",
  "/.\\evil.example",
  "evil.example",
  "@evil.example",
  "/@evil.example/..//evil.example",
  "%E0%A4%A",
  "/" + "a".repeat(3000),
];

function targetOf(location: string) {
  const url = new URL(location, "http://acme.localhost");
  return { sameOrigin: url.origin === "http://acme.localhost", url };
}

describe("/redirect and /email/redirect", () => {
  it.each([
    ["/redirect", redirectLoader],
    ["/email/redirect", emailRedirectLoader],
  ] as const)("%s sends a signed-in user to the path, a visitor to login with it saved", async (route, loader) => {
    const signedIn = (await settle(() =>
      loader({ request: requestTo("acme", `${route}?path=${encodeURIComponent("/transaction-history/my-points?x=1")}`, { cookie }), context: contextFor(testApp.app, "acme"), params: {} }),
    )) as Response;
    expect(signedIn.headers.get("Location")).toBe("/transaction-history/my-points?x=1");

    const visitor = (await settle(() =>
      loader({ request: requestTo("acme", `${route}?path=${encodeURIComponent("/transaction-history/my-points")}`), context: contextFor(testApp.app, "acme"), params: {} }),
    )) as Response;
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Ftransaction-history%2Fmy-points");
  });

  it(`never leaves the site, for ${hostile.length} hostile paths, signed in or not`, async () => {
    expect(hostile.length).toBeGreaterThanOrEqual(30);
    for (const path of hostile) {
      for (const who of [cookie, undefined]) {
        const response = (await settle(() =>
          redirectLoader({ request: requestTo("acme", `/redirect?${new URLSearchParams({ path })}`, { cookie: who }), context: contextFor(testApp.app, "acme"), params: {} }),
        )) as Response;
        const location = response.headers.get("Location")!;
        expect(targetOf(location).sameOrigin, `${JSON.stringify(path)} → ${location}`).toBe(true);
        expect(location, JSON.stringify(path)).toBe(who ? "/feed" : "/login");
      }
    }
  });

  it("answers with its own page when there is no path (a hash never reaches the server)", async () => {
    const response = await redirectLoader({ request: requestTo("acme", "/redirect"), context: contextFor(testApp.app, "acme"), params: {} });
    expect(response.status).toBe(200);
  });
});
