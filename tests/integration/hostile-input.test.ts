import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBuild } from "../setup/built-app";
import { requestHost, serveBuiltApp } from "../setup/http-client";
import { createTestApp, signInAs, type TestApp } from "../setup/test-app";

/**
 * Every action and every id-bearing route of the built app, sent what an
 * attacker or a broken client sends: no answer may be a 500.
 */
let testApp: TestApp;
let server: http.Server;
let port: number;
/** A session of its own for each request: one that an earlier request ended (sign-out, a password change) would test nothing but the sign-in page. */
const adminCookie = async () => (await signInAs(testApp.app, "acme", "admin")).cookie;
beforeAll(async () => {
  testApp = await createTestApp({ built: true, population: 0 });
  ({ server, port } = await serveBuiltApp(testApp.app));
}, 120_000);
afterAll(async () => {
  server?.close();
  await testApp?.close();
});

const MEGABYTE = "x".repeat(1024 * 1024);
const hostileValues = [
  "a\u0000b",
  "\u0001\u0007\u001b[31m",
  "\u202egnp.exe",
  "\uD83D\uDCA9\u0301\u200d",
  "'; drop table employee; --",
  "<script>alert(1)</script>",
  "0x10",
  "1e3",
  " 7",
  "-1",
  "99999999999999999999",
  "2147483648",
  "2030-02-31",
  "%00",
  "../../etc/passwd",
];
/** Malformed percent-encodings: a lone byte that is no UTF-8, a cut sequence, a bare '%'. */
const malformedEncodings = ["%ff", "%E0%A4%A", "%", "%zz"];
const hostileParams = ["2147483648", "-1", "99999999999999999999", "%00", "abc", "1e3", "%F0%9F%92%A9", "x".repeat(2000), ...malformedEncodings];
const fileHeader = 'Content-Disposition: form-data; name="file"; filename="v.mp4"\r\nContent-Type: video/mp4';
/** Multipart bodies that break off or lie: no closing boundary, a part cut in its headers, a closing line without its dashes, another boundary. */
const brokenMultipart = [
  `--xyz\r\n${fileHeader}\r\n\r\n${"\u0000".repeat(64)}`,
  `--xyz\r\n${fileHeader}\r\n`,
  `--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nvideo\r\n--xyz\r\n${fileHeader}\r\n\r\nAAAA\r\n--xyz`,
  `--abc\r\n${fileHeader}\r\n\r\nAAAA\r\n--abc--\r\n`,
  "--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb",
];
/** Fields that no page of the action shows (posted by other pages, scripts or identity providers); the rest are read off each page. */
const knownFieldNames = [
  "username", "password", "currentPassword", "newPassword", "confirmPassword", "code", "amount", "reason", "depositKey", "noticeKey",
  "redirectTo", "phoneNumber", "delegatorId", "employeeId", "query", "SAMLResponse", "RelayState", "twoFactorEnabled",
  "contactUsHeadlineText", "contactUsText", "newNotice.message", "newNotice.type", "newNotice.closeable", "removeNotice", "newNotice", "option",
];
const knownIntents = ["", "number", "send", "verify", "deposit"];

/** The field names and intents of the forms on the page an action belongs to, as a signed-in program manager sees it. */
async function formsOf(path: string) {
  const page = await requestHost(port, "acme.localhost", path, { headers: { Cookie: await adminCookie() } });
  const html = page.status === 200 ? page.body : "";
  const names = [...html.matchAll(/\bname="([^"]+)"/g)].map((match) => match[1]!);
  const intents = [...html.matchAll(/<(?:button|input)\b[^>]*\bname="intent"[^>]*\bvalue="([^"]*)"/g)].map((match) => match[1]!);
  return { fieldNames: [...new Set([...knownFieldNames, ...names])], intents: [...new Set([...knownIntents, ...intents])] };
}

interface RouteInfo {
  path: string;
  hasAction: boolean;
  hasParams: boolean;
}

async function routes(): Promise<RouteInfo[]> {
  const build = await loadBuild();
  const fullPath = (id: string): string => {
    const route = build.routes[id]!;
    const parent = route.parentId && route.parentId !== "root" ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.keys(build.routes)
    .filter((id) => id !== "root")
    .map((id) => ({ path: `/${fullPath(id)}`, hasAction: Boolean(build.routes[id]!.module.action), hasParams: /[:*]/.test(fullPath(id)) }));
}

function withParams(path: string, value: string) {
  return path.replace(/:[^/]+|\*/g, value);
}

describe("the hostile-input corpus", () => {
  it("never gets a 500 from an action, whatever the body", async () => {
    const failures: string[] = [];
    const actions = (await routes()).filter((route) => route.hasAction);
    expect(actions.length).toBeGreaterThan(10);
    const paths = actions.flatMap((route) => [withParams(route.path, "1"), ...(route.hasParams ? malformedEncodings.map((value) => withParams(route.path, value)) : [])]);
    for (const path of paths) {
      const { fieldNames, intents } = await formsOf(path);
      const form = (intent: string, value: string) => ({
        contentType: "application/x-www-form-urlencoded",
        body: new URLSearchParams([["intent", intent], ...fieldNames.map((name) => [name, value] as [string, string])]).toString(),
      });
      // Every intent with a null byte everywhere, and every hostile value once (under each intent in turn).
      const bodies: { contentType: string; body: string }[] = [
        ...intents.map((intent) => form(intent, "a\u0000b")),
        ...hostileValues.map((value, i) => form(intents[i % intents.length]!, value)),
        { contentType: "application/x-www-form-urlencoded", body: new URLSearchParams(fieldNames.map((name) => [name, MEGABYTE.slice(0, 64 * 1024)])).toString() },
        { contentType: "application/x-www-form-urlencoded", body: `username=${MEGABYTE}` },
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

  it("never gets a 500 from a page, whatever its ids and query", async () => {
    const failures: string[] = [];
    for (const route of await routes()) {
      const paths = route.hasParams ? hostileParams.map((value) => withParams(route.path, value)) : [route.path];
      for (const path of paths) {
        for (const query of ["", "?page=99999999999999999999", "?page=-1&cursor=%00", "?redirectTo=%00&lot=%00%01", `?q=${"x".repeat(5000)}`]) {
          const response = await requestHost(port, "acme.localhost", `${path}${query}`, { headers: { Cookie: await adminCookie() } });
          if (response.status >= 500) failures.push(`${response.status} GET ${path}${query}`.slice(0, 200));
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
