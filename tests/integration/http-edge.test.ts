import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_LIMITS } from "~/modules/auth/login-limiter.server";
import { EnvError, parseEnv } from "~/modules/env.server";
import { DEFAULT_MAX_BODY_BYTES } from "~/modules/http/body-limits";
import { heldModules } from "../../scripts/bench/document-parts.js";
import { requestHost, serveBuiltApp } from "../setup/http-client";
import { uploadKinds } from "~/modules/storage/upload-kinds";
import { createTestApp, signInAs, type TestApp } from "../setup/test-app";

let testApp: TestApp;
let server: http.Server;
let port: number;
beforeAll(async () => {
  // One load balancer in front of the app: the right-most X-Forwarded-For entry is the client.
  testApp = await createTestApp({ built: true, population: 0, env: { TRUST_PROXY: "1" } });
  ({ server, port } = await serveBuiltApp(testApp.app));
}, 120_000);
afterAll(async () => {
  server?.close();
  await testApp?.close();
});

let guesses = 0;
/** A wrong password for a name of its own (so only the address limit can stop it). */
const wrongSignIn = (forwardedFor: string) =>
  requestHost(port, "acme.localhost", "/login", {
    method: "POST",
    form: { username: `nobody-${++guesses}`, password: "Wrong-password1!" },
    headers: { "X-Forwarded-For": forwardedFor },
  });

describe("the edge of the HTTP server", () => {
  it("refuses a form post from another origin, scheme and port included", async () => {
    const post = (origin: string) => requestHost(port, "acme.localhost", "/logout", { method: "POST", form: {}, headers: { Origin: origin } });
    expect((await post(`https://acme.localhost:${port}`)).status).toBe(403);
    expect((await post(`http://acme.localhost:${port + 1}`)).status).toBe(403);
    expect((await post("http://globex.localhost:" + port)).status).toBe(403);
    expect((await post(`http://acme.localhost:${port}`)).status).toBe(302);
  });

  it("refuses a form post without Origin that says it is cross-site, or comes from another site's page", async () => {
    const post = (headers: Record<string, string>) => requestHost(port, "acme.localhost", "/logout", { method: "POST", form: {}, headers });
    expect((await post({ "Sec-Fetch-Site": "cross-site", Referer: `http://acme.localhost:${port}/feed` })).status).toBe(403);
    expect((await post({ "Sec-Fetch-Site": "same-site" })).status).toBe(403);
    expect((await post({ Referer: "https://evil.example/form" })).status).toBe(403);
    expect((await post({ "Sec-Fetch-Site": "same-origin" })).status).toBe(302);
    expect((await post({ Referer: `http://acme.localhost:${port}/feed` })).status).toBe(302);
  });

  it("takes the client's address from the proxies it trusts, so a forged X-Forwarded-For does not escape the address limit", async () => {
    for (let i = 0; i < LOGIN_LIMITS.addressFailures; i++) expect((await wrongSignIn(`198.51.100.${i}, 192.0.2.50`)).status).toBe(401);
    expect((await wrongSignIn("203.0.113.9, 192.0.2.50")).status).toBe(429);
    expect((await wrongSignIn("192.0.2.51")).status).toBe(401);
  });

  it("refuses a body larger than any form sends", async () => {
    const large = await requestHost(port, "acme.localhost", "/login", { method: "POST", rawBody: `username=${"x".repeat(3 * 1024 * 1024)}` });
    expect(large.status).toBe(413);
  });

  it("sends an upload page's too-large form post back to its page, which says why; a script's request gets the 413", async () => {
    const boundary = "----upload";
    const rawBody = `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${"x".repeat(12 * 1024 * 1024)}\r\n--${boundary}--\r\n`;
    const headers = { "Content-Type": `multipart/form-data; boundary=${boundary}`, Accept: "text/html" };
    const page = await requestHost(port, "acme.localhost", "/profile/avatar", { method: "POST", rawBody, headers });
    expect([page.status, page.location]).toEqual([303, "/profile/avatar?tooLarge=1"]);
    const script = await requestHost(port, "acme.localhost", "/profile/avatar?_data=routes%2Fprofile.avatar", { method: "POST", rawBody, headers: { ...headers, Accept: "*/*" } });
    expect(script.status).toBe(413);
  });

  it("answers a refused upload larger than a form, sent without JavaScript, with its page and the field's message", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "employee");
    const boundary = "----notes";
    // 250 KB of text under a picture's name: past the 100 KB a page's loaders would take as their own body.
    const rawBody = `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${"these are notes, not a picture ".repeat(8_000)}\r\n--${boundary}--\r\n`;
    const headers = { "Content-Type": `multipart/form-data; boundary=${boundary}`, Accept: "text/html", Cookie: cookie };
    const avatar = await requestHost(port, "acme.localhost", "/profile/avatar", { method: "POST", rawBody, headers });
    expect(avatar.status).toBe(400);
    expect(avatar.body).toContain(uploadKinds.image.notThisKind);
  });

  it("limits bodies per route: a form's is small, the SAML consumer's larger", async () => {
    const form = `username=${"x".repeat(DEFAULT_MAX_BODY_BYTES)}`;
    const login = await requestHost(port, "acme.localhost", "/login", { method: "POST", rawBody: form });
    expect(login.status).toBe(413);
    expect(login.body).toContain("That request didn&#x27;t work");
    const consumer = await requestHost(port, "acme.localhost", "/login/sso/acs", { method: "POST", rawBody: `SAMLResponse=${"x".repeat(DEFAULT_MAX_BODY_BYTES)}` });
    expect(consumer.status).not.toBe(413);
    expect(consumer.status).toBeLessThan(500);
  });

  it("refuses a body that does not say its length, so none is read past a limit", async () => {
    const chunked = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        { host: "127.0.0.1", port, path: "/login", method: "POST", headers: { Host: `acme.localhost:${port}`, "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on("error", reject);
      request.write("username=admin&");
      request.end("password=x");
    });
    expect(chunked).toBe(411);
  });

  it("refuses TRUST_PROXY=true, which would believe any client, and names what it wants", () => {
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(EnvError);
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: must name the number of proxy hops/);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).TRUST_PROXY).toEqual(["10.0.0.0/8", "127.0.0.1"]);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
  });
});

describe("security headers", () => {
  const page = (pathname: string, headers: Record<string, string> = {}, host = "acme.localhost") => requestHost(port, host, pathname, { headers });
  const baseline = (headers: Record<string, unknown>) => {
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["referrer-policy"]).toBe("same-origin");
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(headers["cross-origin-resource-policy"]).toBeUndefined();
  };

  it("give every inline script of a page this response's nonce, and keep pages out of caches", async () => {
    const login = await page("/login");
    baseline(login.headers);
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(String(login.headers["content-security-policy"]))![1];
    const scripts = [...login.body.matchAll(/<script([^>]*)>/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts.filter((a) => !/\bsrc=/.test(a))) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(login.headers["cache-control"]).toBe("private, no-store");
    expect(login.headers["strict-transport-security"]).toBeUndefined();
    expect((await page("/login")).headers["content-security-policy"]).not.toContain(nonce);
  });

  it("never gives two answers one nonce, past the end of a batch of random bytes", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const { headers } = await requestHost(port, "acme.localhost", "/healthz");
      nonces.add(/'nonce-([A-Za-z0-9+/]{22}==)'/.exec(String(headers["content-security-policy"]))![1]!);
    }
    expect(nonces.size).toBe(300);
  });

  it("say in Server-Timing how long a page's data and its render took, and when it knew who asks; data responses have no render", async () => {
    const timing = (await page("/login")).headers["server-timing"];
    const [, viewer, data, render] = /^viewer;dur=([\d.]+), data;dur=([\d.]+), render;dur=([\d.]+)$/.exec(String(timing)) ?? [];
    expect(Number(render)).toBeGreaterThan(0);
    expect(Number(data)).toBeGreaterThan(0);
    expect(Number(viewer)).toBeGreaterThan(0);
    expect(Number(viewer)).toBeLessThanOrEqual(Number(data));
    expect((await page("/login?_data=routes%2Flogin._index")).headers["server-timing"]).toBeUndefined();
  });

  it("reach data responses, redirects, files and the unknown-program page too", async () => {
    for (const response of [await page("/login?_data=routes%2Flogin._index"), await page("/feed"), await page("/", {}, "nowhere.localhost")]) {
      baseline(response.headers);
      expect(response.headers["cache-control"]).toBe("private, no-store");
    }
    const css = await page("/css/color.css?v=1");
    baseline(css.headers);
    expect(css.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("serve files without the pages' middleware: build files cached for good, other files listed at start-up", async () => {
    const script = heldModules((await page("/login")).body)[0]!;
    expect(script).toMatch(/^\/build\/.+\.js$/);
    const built = await page(script);
    expect(built.status).toBe(200);
    expect(built.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // The tenant middleware names every request it handles; these never reach it.
    expect(built.headers["x-request-id"]).toBeUndefined();
    const missing = await page("/build/_shared/no-such-chunk.js");
    expect([missing.status, missing.body, missing.headers["x-request-id"]]).toEqual([404, "Not found.", undefined]);
    const icon = await page("/favicon.svg");
    expect([icon.status, icon.headers["cache-control"], icon.headers["x-request-id"]]).toEqual([200, "public, max-age=3600", undefined]);
    expect((await page("/favicon.svg/feed")).headers["x-request-id"]).toBeDefined();
  });

  it("compress pages by Accept-Encoding, and send the build's files as compressed at build time", async () => {
    const raw = (pathname: string, acceptEncoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
        const headers = { Host: `acme.localhost:${port}`, ...(acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {}) };
        http
          .get({ host: "127.0.0.1", port, path: pathname, headers }, (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    const brotli = await raw("/login", "gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(brotli.bytes).toString()).toContain('<form method="post"');
    const gzip = await raw("/login", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.bytes).toString()).toContain("<!DOCTYPE html>");
    const plain = await raw("/login");
    expect(plain.headers["content-encoding"]).toBeUndefined();

    // The largest script the page loads, where compression shows.
    const scripts = heldModules(plain.bytes.toString());
    const sizes = await Promise.all(scripts.map(async (file) => ({ file, bytes: (await raw(file)).bytes })));
    const { file: script, bytes: original } = sizes.reduce((largest, next) => (next.bytes.length > largest.bytes.length ? next : largest));
    for (const [accepted, encoding, decode] of [
      ["br;q=1.0, gzip;q=0.5", "br", zlib.brotliDecompressSync],
      ["gzip", "gzip", zlib.gunzipSync],
    ] as const) {
      const sent = await raw(script, accepted);
      expect([sent.headers["content-encoding"], sent.headers["content-type"]?.toLowerCase(), sent.headers["cache-control"]]).toEqual([
        encoding,
        "application/javascript; charset=utf-8",
        "public, max-age=31536000, immutable",
      ]);
      expect(sent.headers.vary).toBe("Accept-Encoding");
      expect(sent.bytes.length).toBeLessThan(original.length / 2);
      expect(decode(sent.bytes).equals(original)).toBe(true);
    }
  });

  it("ask browsers for https only when the request came over https through the trusted proxy", async () => {
    expect((await page("/login", { "X-Forwarded-Proto": "https" })).headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("let /readyz say only whether the app is ready", async () => {
    expect(JSON.parse((await page("/readyz")).body)).toEqual({ ready: true });
  });
});

