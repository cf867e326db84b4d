import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import type { RunningApp, StartOptions } from "~/modules/app.server";
import { createRequestContext } from "~/modules/context.server";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { EmployeeRow } from "~/modules/db/schema";
import type { KeptAccess } from "~/modules/db/versioned-cache.server";
import { loadCurrentEmployee } from "~/modules/employees/service.server";
import * as sourcePlatform from "~/modules/platform.server";
import type { Registry } from "~/modules/plugins/registry";
import { loadBuild } from "./built-app";
import { freshDatabase } from "./databases";

export const TEST_SESSION_SECRET = "test-secret-that-is-long-enough-to-sign-cookies";

export interface TestApp {
  app: RunningApp;
  close(): Promise<void>;
}

/**
 * The whole app as the server starts it, on a fresh database (PGlite, or
 * PostgreSQL when DATABASE_URL is set) and Redis when REDIS_URL is set, with a
 * small demo population in every program. With `built`, it is started from the
 * Remix build, for tests that serve that build over HTTP (serveBuiltApp).
 */
export async function createTestApp(
  options: {
    tenantsDir?: string;
    registry?: Registry;
    population?: number;
    ledgerEntries?: number;
    env?: Record<string, string>;
    built?: boolean;
    jobs?: StartOptions["jobs"];
    resolveHost?: StartOptions["resolveHost"];
  } = {},
): Promise<TestApp> {
  const { parseEnv, startApp, createLogger, seedDemoProgram } = options.built ? (await loadBuild()).entry.module.platform : sourcePlatform;
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    TENANTS_DIR: options.tenantsDir ?? "tenants",
    DATA_DIR: path.join(os.tmpdir(), `recognize-test-${randomBytes(4).toString("hex")}`),
    REDIS_URL: process.env.REDIS_URL,
    REDIS_KEY_PREFIX: `test-${randomBytes(4).toString("hex")}:`,
    ...options.env,
  });
  const database = await freshDatabase();
  const app = await startApp(env, createLogger("silent"), {
    database: database.target,
    registry: options.registry,
    sessionSecrets: [TEST_SESSION_SECRET],
    seedDemo: false,
    jobs: options.jobs,
    resolveHost: options.resolveHost,
  });
  for (const tenant of app.tenants.list()) {
    await seedDemoProgram(app.database, tenant, { population: options.population ?? 12, ledgerEntries: options.ledgerEntries, registry: app.registry });
  }
  return {
    app,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

export function tenantOf(app: RunningApp, subdomain: string) {
  const tenant = app.tenants.get(subdomain);
  if (!tenant) throw new Error(`No tenant ${subdomain}`);
  return tenant;
}

/** The load context server.ts would build for a request to this program. */
export function contextFor(app: RunningApp, subdomain: string, clientAddress = "203.0.113.7"): AppLoadContext {
  return createRequestContext(app, tenantOf(app, subdomain), {
    requestId: randomBytes(4).toString("hex"),
    log: app.log,
    clientAddress,
  }) as AppLoadContext;
}

export function requestTo(subdomain: string, pathname: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(`http://${subdomain}.localhost${pathname}`, { ...init, headers });
}

export function formPost(subdomain: string, pathname: string, fields: Record<string, string>, cookie?: string) {
  return requestTo(subdomain, pathname, { method: "POST", body: new URLSearchParams(fields), cookie });
}

/** The load context after program settings: the effective tenant, as server.ts resolves it per request. */
export async function effectiveContextFor(app: RunningApp, subdomain: string): Promise<AppLoadContext> {
  return createRequestContext(app, await app.tenantSettings.effective(tenantOf(app, subdomain)), {
    requestId: randomBytes(4).toString("hex"),
    log: app.log,
    clientAddress: "203.0.113.8",
  }) as AppLoadContext;
}

/**
 * Signs a demo user in directly (no form) and returns the Cookie header value.
 * The session has finished sign-in, two-factor included, unless `secondFactor` is false.
 */
export async function signInAs(app: RunningApp, subdomain: string, loginId: string, options: { secondFactor?: boolean } = {}) {
  const tenant = tenantOf(app, subdomain);
  const employee = await app.database.forProgram(tenant.programId).selectFrom("employee").select("id").where("login_id", "=", loginId).executeTakeFirstOrThrow();
  const sessions = app.sessions;
  const session = await sessions.startFor(tenant, employee.id, await sessions.storage.getSession(null));
  if (options.secondFactor !== false) session.set("twoFactorVerified", true);
  const setCookie = await sessions.commit(session, requestTo(subdomain, "/"));
  return { cookie: setCookie.split(";")[0], employeeId: employee.id };
}

/** Signs several demo users in (the demo's admin, manager and employee unless named): each one's employee id and Cookie header value, by sign-in name. */
export async function signInPeople(app: RunningApp, subdomain: string, loginIds: readonly string[] = ["admin", "manager", "employee"]) {
  const ids: Record<string, number> = {};
  const cookies: Record<string, string> = {};
  for (const loginId of loginIds) {
    const signed = await signInAs(app, subdomain, loginId);
    ids[loginId] = signed.employeeId;
    cookies[loginId] = signed.cookie;
  }
  return { ids, cookies };
}

/** What a kept read (`versionedCache`) takes outside a request: the program's handle, and a demo user as the viewer. */
export async function keptAccessIn(app: RunningApp, subdomain: string, loginId: string): Promise<KeptAccess> {
  const tenant = tenantOf(app, subdomain);
  const db = app.database.forProgram(tenant.programId);
  const { id } = await db.selectFrom("employee").select("id").where("login_id", "=", loginId).executeTakeFirstOrThrow();
  return { db, viewer: { employee: (await loadCurrentEmployee(db, id))!, tenant: tenant.config, delegation: null } };
}

/** Whether a change to a person's row (written, then undone) moves the program's version `name`: whether what keeps it must read again. */
export async function versionMovesAt(db: ProgramDb, name: string, employeeId: number, change: Partial<Pick<EmployeeRow, "display_name" | "first_name" | "last_name" | "job_title">>) {
  const columns = Object.keys(change) as (keyof typeof change)[];
  const before = await db.selectFrom("employee").select(columns).where("id", "=", employeeId).executeTakeFirstOrThrow();
  const version = await db.changeVersion(name);
  await db.updateTable("employee").set(change).where("id", "=", employeeId).execute();
  const moved = (await db.changeVersion(name)) !== version;
  await db.updateTable("employee").set(before).where("id", "=", employeeId).execute();
  return moved;
}

/** Runs a loader or action and returns what it returned or threw (redirects are thrown Responses). */
export async function settle<T>(work: () => Promise<T>): Promise<T | Response> {
  try {
    return await work();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

type Action = (args: never) => Promise<unknown>;

/** Signs `loginId` in and posts a form to a route's action, as the browser would; returns the response and the session cookie. */
export async function postAs(app: RunningApp, route: { action: Action }, subdomain: string, path: string, loginId: string, fields: Record<string, string>) {
  const { cookie } = await signInAs(app, subdomain, loginId);
  const response = (await settle(() =>
    (route.action as (args: unknown) => Promise<Response>)({ request: formPost(subdomain, path, fields, cookie), context: contextFor(app, subdomain), params: {} }),
  )) as Response;
  return { response, cookie };
}
