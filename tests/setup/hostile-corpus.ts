import type http from "node:http";
import { afterAll, beforeAll } from "vitest";
import { bodyLimitOf } from "~/modules/http/body-limits";
import { loadBuild } from "./built-app";
import { requestHost, serveBuiltApp } from "./http-client";
import { createTestApp, signInAs, type TestApp } from "./test-app";

/**
 * The hostile-input corpus: what an attacker or a broken client sends. Its two files (actions,
 * pages) send it to every action and every id-bearing route of the built app, side by side;
 * no answer may be a 500. `.ci/run` runs them on the servers only (scripts/test.sh).
 */
let testApp: TestApp;
let server: http.Server;
export let port: number;

/** Serves the built app for the file that calls it, on a port of its own. */
export function serveForCorpus() {
  beforeAll(async () => {
    testApp = await createTestApp({ built: true, population: 0 });
    ({ server, port } = await serveBuiltApp(testApp.app));
  }, 120_000);
  afterAll(async () => {
    server?.close();
    await testApp?.close();
  });
}

/** A session of its own for each request: one that an earlier request ended (sign-out, a password change) would test nothing but the sign-in page. */
export const adminCookie = async () => (await signInAs(testApp.app, "acme", "admin")).cookie;

export const hostileValues = [
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
export const malformedEncodings = ["%ff", "%E0%A4%A", "%", "%zz"];
export const hostileParams = ["2147483648", "-1", "99999999999999999999", "%00", "abc", "1e3", "%F0%9F%92%A9", "x".repeat(2000), ...malformedEncodings];
const fileHeader = 'Content-Disposition: form-data; name="file"; filename="v.mp4"\r\nContent-Type: video/mp4';
/** Multipart bodies that break off or lie: no closing boundary, a part cut in its headers, a closing line without its dashes, another boundary. */
export const brokenMultipart = [
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
export async function formsOf(path: string) {
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
  /** The most its action reads of a body (its `handle`'s limit, else the default). */
  maxBodyBytes: number;
}

export async function routes(): Promise<RouteInfo[]> {
  const build = await loadBuild();
  const fullPath = (id: string): string => {
    const route = build.routes[id]!;
    const parent = route.parentId && route.parentId !== "root" ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.keys(build.routes)
    .filter((id) => id !== "root")
    .map((id) => ({
      path: `/${fullPath(id)}`,
      hasAction: Boolean(build.routes[id]!.module.action),
      hasParams: /[:*]/.test(fullPath(id)),
      maxBodyBytes: bodyLimitOf(build.routes[id]!.module.handle).maxBodyBytes,
    }));
}

const LONG_FIELD = "x".repeat(64 * 1024);
const LONGEST_BODY = 1024 * 1024;

/**
 * Long form posts for an action: every field 64 KB long where the route's limit takes that (a route that takes
 * files), and one field just over the limit (1 MB where the limit is higher: more than a corpus needs to send
 * to each of its addresses). Where every field at 64 KB would be over the limit, the second body alone tests
 * that refusal.
 */
export function longBodies(fieldNames: readonly string[], maxBodyBytes: number) {
  const longFields = new URLSearchParams(fieldNames.map((name) => [name, LONG_FIELD])).toString();
  const overLimit = `username=${"x".repeat(Math.min(LONGEST_BODY, maxBodyBytes + 1 - "username=".length))}`;
  return longFields.length <= maxBodyBytes ? [longFields, overLimit] : [overLimit];
}

export function withParams(path: string, value: string) {
  return path.replace(/:[^/]+|\*/g, value);
}

