import type { Redis } from "ioredis";
import type { AppAuthenticator } from "~/modules/auth/authenticator.server";
import type { DeviceMemory } from "~/modules/auth/device-memory.server";
import type { LoginLimiter } from "~/modules/auth/login-limiter.server";
import type { OneTimeStore } from "~/modules/auth/one-time-store.server";
import type { SingleSignOn } from "~/modules/auth/saml/single-sign-on.server";
import type { AppSessions } from "~/modules/auth/session.server";
import type { BackgroundWork } from "~/modules/background.server";
import type { Mailer } from "~/modules/delivery/mailer.server";
import type { SmsSender } from "~/modules/delivery/sms.server";
import type { KeptEmployees } from "~/modules/employees/kept-employees.server";
import type { Env } from "~/modules/env.server";
import type { GifProvider } from "~/modules/gifs/giphy.server";
import type { JobQueue } from "~/modules/jobs/queue.server";
import type { ActionLimiter } from "~/modules/limits/action-limiter.server";
import type { Resolve } from "~/modules/links/guarded-fetch.server";
import type { Logger } from "~/modules/logger.server";
import type { Registry } from "~/modules/plugins/registry";
import type { VisitorCookies } from "~/modules/shell/visitor-cookies.server";
import type { BlobStore } from "~/modules/storage/blob-store.server";
import type { TenantDirectory } from "~/modules/tenants/directory.server";
import type { TenantSettings } from "~/modules/tenants/settings.server";

/**
 * What a request (as `context.app`) and a job (as `app`) may use: the process's
 * services, opened once by startApp. The database is not among them: request
 * and job code get their program's handle (`context.db`, a job's `db`), so no
 * path from here reaches another program's rows.
 */
export interface AppServices {
  readonly env: Env;
  readonly log: Logger;
  readonly redis: Redis | null;
  readonly registry: Registry;
  readonly tenants: TenantDirectory;
  /** Program settings over each tenant file's options, with their history. */
  readonly tenantSettings: TenantSettings;
  readonly sessions: AppSessions;
  /** The signed-in people's rows, kept while current (decision 091): read through getViewer. */
  readonly keptEmployees: KeptEmployees;
  /** Work a response does not wait for (link previews, notifications), awaited on shutdown. */
  readonly background: BackgroundWork;
  /** Who finished two-factor on a browser (30 days). */
  readonly devices: DeviceMemory;
  /** Who signed in with their password on a browser (a year): the per-address sign-in limit does not hold them. */
  readonly signInDevices: DeviceMemory;
  readonly visitorCookies: VisitorCookies;
  readonly authenticator: AppAuthenticator;
  readonly oneTimeStore: OneTimeStore;
  readonly sso: SingleSignOn;
  readonly mailer: Mailer;
  readonly sms: SmsSender;
  readonly loginLimiter: LoginLimiter;
  readonly jobs: JobQueue;
  readonly storage: BlobStore;
  /** How the hosts of links people attach are resolved before their previews are fetched. */
  readonly resolveHost: Resolve;
  /** What people may do how often: post, comment, react, report, mention, have links previewed. */
  readonly limits: ActionLimiter;
  readonly gifs: GifProvider | null;
}
