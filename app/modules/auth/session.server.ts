import { createCookie, createSessionStorage, type Session } from "@remix-run/node";
import type { Tenant } from "~/modules/tenants/tenant";
import type { SessionStore } from "./session-store.server";

export const SESSION_COOKIE = "__session";
const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

export type ToastType = "success" | "error" | "info" | "warning";
export interface Toast {
  type: ToastType;
  message: string;
  /** Persistent toasts stay until closed instead of closing after 5 seconds. */
  persistent?: boolean;
}

export interface SessionData {
  programId: number;
  /** Whom the session acts as: the signed-in employee, or the delegator while delegating. */
  employeeId: number;
  /** While delegating: who signed in, to return to and to name in the logs. */
  originalEmployeeId: number;
  /** The spec's isAdminDelegate: an admin acting as an employee (who may not "return"). */
  isAdminDelegate: boolean;
  signedInAt: string;
  /** Two-factor finished for this session (or the device remembered it). */
  twoFactorVerified: boolean;
}

/** A session holds a few ids and flags; anything near this size is a bug, refused rather than stored. */
const MAX_SESSION_BYTES = 4096;

function bounded<T>(data: T) {
  if (JSON.stringify(data).length > MAX_SESSION_BYTES) throw new Error(`A session may hold at most ${MAX_SESSION_BYTES} bytes`);
  return data;
}

export interface FlashData {
  toast: Toast;
}

export type AppSession = Session<SessionData, FlashData>;

/** Whether the request came over https: cookies are then marked Secure. */
export function isHttps(request: Request) {
  return new URL(request.url).protocol === "https:";
}

/**
 * Server-side sessions behind an HttpOnly, SameSite=Lax, signed cookie (Secure
 * over https). A session belongs to one program: one presented at another
 * program's host is ignored, so it never signs anyone in there.
 */
export function createAppSessions(store: SessionStore, secrets: string[]) {
  const cookie = createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  const storage = createSessionStorage<SessionData, FlashData>({
    cookie,
    createData: (data, expires) =>
      store.create({ programId: data.programId as number, data: bounded(data) }, expires ?? defaultExpiry()),
    readData: async (id) => (await store.read(id))?.data ?? null,
    updateData: (id, data, expires) =>
      store.update(id, { programId: data.programId as number, data: bounded(data) }, expires ?? defaultExpiry()),
    deleteData: (id) => store.delete(id),
  });

  function defaultExpiry() {
    return new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  }

  const employeeHints = new EmployeeHints();

  return {
    storage,

    async get(request: Request, tenant: Tenant): Promise<AppSession> {
      const presented = await storage.getSession(request.headers.get("Cookie"));
      const belongsHere = !presented.has("programId") || presented.get("programId") === tenant.programId;
      const session = belongsHere ? presented : await storage.getSession(null);
      session.set("programId", tenant.programId);
      employeeHints.learn(request, tenant, session.get("employeeId"));
      return session;
    },

    /**
     * Whom this request's session acted as when this process last read it, or undefined: a
     * guess, so the viewer's row can be read while the session is (getViewer). Only the
     * session read alongside says whether the guess holds.
     */
    employeeHint(request: Request, tenant: Tenant) {
      return employeeHints.guess(request, tenant);
    },

    /**
     * A new session for a sign-in, or for starting or ending a delegation: a fresh
     * id every time, so an earlier id can never be fixed on a victim.
     */
    async startFor(
      tenant: Tenant,
      employeeId: number,
      previous: AppSession,
      delegation?: { originalEmployeeId: number; isAdminDelegate: boolean },
    ) {
      if (previous.id) await storage.destroySession(previous);
      const session = await storage.getSession(null);
      session.set("programId", tenant.programId);
      session.set("employeeId", employeeId);
      // A delegation keeps the time of the sign-in it started from; a sign-in starts its own.
      session.set("signedInAt", (delegation && previous.get("signedInAt")) || new Date().toISOString());
      if (delegation) {
        session.set("originalEmployeeId", delegation.originalEmployeeId);
        session.set("isAdminDelegate", delegation.isAdminDelegate);
      }
      return session;
    },

    /**
     * The same session under a new id and sign-in time: after the password
     * changes, every session signed in before is over except this one.
     */
    async renew(previous: AppSession) {
      const session = await storage.getSession(null);
      for (const [key, value] of Object.entries(previous.data)) {
        if (!key.startsWith("__flash")) session.set(key as keyof SessionData, value as never);
      }
      session.set("signedInAt", new Date().toISOString());
      if (previous.id) await storage.destroySession(previous);
      return session;
    },

    /** Stores a signed-in session. A visitor's is never stored: what a visitor needs remembered goes in small cookies (visitor-cookies.server.ts). */
    commit(session: AppSession, request: Request) {
      if (!session.get("employeeId")) throw new Error("A visitor's session is never stored");
      return storage.commitSession(session, { secure: isHttps(request) });
    },

    destroy(session: AppSession, request: Request) {
      return storage.destroySession(session, { secure: isHttps(request) });
    },
  };
}

export type AppSessions = ReturnType<typeof createAppSessions>;

/** Session cookies last read in this process and whom each acted as; the least recently read forgotten first. */
class EmployeeHints {
  private readonly recent = new Map<string, number>();

  constructor(private readonly capacity = 10_000) {}

  guess(request: Request, tenant: Tenant) {
    const key = hintKey(request, tenant);
    return key === null ? undefined : this.recent.get(key);
  }

  learn(request: Request, tenant: Tenant, employeeId: number | undefined) {
    const key = hintKey(request, tenant);
    if (key === null) return;
    this.recent.delete(key);
    if (employeeId === undefined) return;
    this.recent.set(key, employeeId);
    if (this.recent.size > this.capacity) this.recent.delete(this.recent.keys().next().value!);
  }
}

const SESSION_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`);

function hintKey(request: Request, tenant: Tenant) {
  const value = request.headers.get("Cookie")?.match(SESSION_COOKIE_VALUE)?.[1];
  return value ? `${tenant.programId} ${value}` : null;
}
