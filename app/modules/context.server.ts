import type { RunningApp } from "~/modules/app.server";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { AppServices } from "~/modules/services.server";
import type { AppSession } from "~/modules/auth/session.server";
import type { Viewer } from "~/modules/auth/viewer";
import type { Logger } from "~/modules/logger.server";
import type { Tenant } from "~/modules/tenants/tenant";

/** Built once per request by server.ts and handed to every loader and action. */
export interface RequestContext {
  /** The process's services; never the database (decision 051). */
  app: AppServices;
  /** The request's program's database: the only door request code has to rows. */
  db: ProgramDb;
  requestId: string;
  log: Logger;
  tenant: Tenant;
  /** The client address, for rate limits and audit lines. */
  clientAddress: string;
  /** This response's Content-Security-Policy nonce, for the inline scripts the server renders. */
  cspNonce?: string;
  /** When the server took the request (`performance.now()`), for the document's Server-Timing. */
  startedAt?: number;
  /** When the guards knew who asks (`performance.now()`), for the document's Server-Timing. */
  viewerKnownAt?: number;
  /** Set by the document render so the access log says how much of the request it took. */
  renderMs?: number;
  /** Memo of the session for this request, so parallel loaders read it once. */
  session?: Promise<AppSession>;
  /** Memo of the signed-in viewer for this request (guards fill it). */
  viewer?: Promise<Viewer | null>;
  /** Set by guards so the access log names the employee. */
  employeeId?: number;
  /** While delegating: who signed in; the access log names both. */
  originalEmployeeId?: number;
}

declare module "@remix-run/server-runtime" {
  interface AppLoadContext extends RequestContext {}
}

/** The context of one request to `tenant`'s program: the services, and that program's handle only. */
export function createRequestContext(
  running: RunningApp,
  tenant: Tenant,
  request: { requestId: string; log: Logger; clientAddress: string; cspNonce?: string; startedAt?: number },
): RequestContext {
  return { app: running.services, db: running.database.forProgram(tenant.programId), tenant, ...request };
}
