import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { createAuthenticator } from "~/modules/auth/authenticator.server";
import { LoginLimiter } from "~/modules/auth/login-limiter.server";
import { createAppSessions } from "~/modules/auth/session.server";
import { KeptEmployees } from "~/modules/employees/kept-employees.server";
import { databaseSessionStore, HeardSessions, purgeExpiredSessions, redisSessionStore, SessionMemory } from "~/modules/auth/session-store.server";
import { databaseOneTimeStore, purgeExpiredOneTimeKeys, redisOneTimeStore } from "~/modules/auth/one-time-store.server";
import { idpMetadataProblem, SingleSignOn } from "~/modules/auth/saml/single-sign-on.server";
import { ssoApplies } from "~/modules/auth/saml/sso-applies";
import { createDeviceMemory } from "~/modules/auth/device-memory.server";
import { createVisitorCookies } from "~/modules/shell/visitor-cookies.server";
import { crossProgramDb, openDatabase, type DatabaseHandle, type DatabaseTarget } from "~/modules/db/database.server";
import type { AppServices } from "~/modules/services.server";
import { BackgroundWork } from "~/modules/background.server";
import { JobQueue, type JobQueueOptions } from "~/modules/jobs/queue.server";
import { fireDueSchedules } from "~/modules/jobs/schedules.server";
import { createBlobStore } from "~/modules/storage/blob-store.server";
import { resolveWithDns, type Resolve } from "~/modules/links/guarded-fetch.server";
import { giphy } from "~/modules/gifs/giphy.server";
import { ActionLimiter } from "~/modules/limits/action-limiter.server";
import { createMailer } from "~/modules/delivery/mailer.server";
import { createSmsSender } from "~/modules/delivery/sms.server";
import { migrateToLatest } from "~/modules/db/migrator.server";
import { seedDemoPrograms } from "~/modules/demo/seed.server";
import { applyConfigData } from "~/modules/tenants/config-data.server";
import { reach } from "~/modules/dependency-unreachable.server";
import { demoSeedEnabled, type Env } from "~/modules/env.server";
import type { Logger } from "~/modules/logger.server";
import { serverRegistry } from "~/modules/plugins/installed.server";
import type { Registry } from "~/modules/plugins/registry";
import { registerPrograms, TenantDirectory } from "~/modules/tenants/directory.server";
import { loadTenantFiles, TenantConfigError } from "~/modules/tenants/files.server";
import { TenantSettings } from "~/modules/tenants/settings.server";

export interface StartOptions {
  /** Defaults to DATABASE_URL, else PGlite in DATA_DIR. */
  database?: DatabaseTarget;
  registry?: Registry;
  /** Cookie signing secrets; defaults to SESSION_SECRET, else one kept in DATA_DIR. */
  sessionSecrets?: string[];
  /** Seed a demo population into programs that have no employees yet. Defaults to demo mode. */
  seedDemo?: boolean;
  /** Jobs of each kind this process runs at once (defaults to WORKERS, else 1), and the engine's timings. */
  jobs?: Partial<JobQueueOptions>;
  /** How the hosts of links people attach are resolved before their previews are fetched; DNS by default. */
  resolveHost?: Resolve;
}

async function localSessionSecret(dataDir: string) {
  const file = path.resolve(dataDir, "session-secret");
  try {
    return (await fs.readFile(file, "utf8")).trim();
  } catch {
    const secret = randomBytes(32).toString("hex");
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}

/**
 * Opens everything the app needs, once per process: database (migrated),
 * tenants (validated), Redis when configured, sessions and limits.
 */
export async function startApp(env: Env, log: Logger, options: StartOptions = {}): Promise<RunningApp> {
  const registry = options.registry ?? serverRegistry;
  const target: DatabaseTarget =
    options.database ??
    (env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.DATA_DIR });

  await registry.preloadSlots();
  // Tenant files first: a bad file stops start-up before anything is touched.
  const configs = await loadTenantFiles(env.TENANTS_DIR, registry.tenantSchema);
  const metadataProblems = await Promise.all(
    configs.map((config) => idpMetadataProblem(config, path.join(env.TENANTS_DIR, `${config.subdomain}.json`), env.TENANTS_DIR)),
  );
  if (metadataProblems.some(Boolean)) throw new TenantConfigError(metadataProblems.filter((problem) => problem !== null));
  const samlPrograms = configs.filter(ssoApplies).map((config) => config.subdomain);
  if (samlPrograms.length > 0 && !env.PUBLIC_URL && env.NODE_ENV === "production") {
    // The SP entity id and consumer URL come from PUBLIC_URL; the localhost default matches no real IdP's settings.
    log.warn({ event: "public_url_missing", programs: samlPrograms }, "PUBLIC_URL is not set: SAML sign-in will name localhost URLs");
  }

  const database = await openDatabase(target, (error) =>
    log.warn({ event: "database_connection_lost", err: error.message }, "a database connection failed"),
  );
  let redis: Redis | null = null;
  /** Hears other processes' changes to sessions, so that this one may keep them (decision 091). */
  let heardSessions: HeardSessions | null = null;
  let jobs: JobQueue | null = null;
  try {
    // Both servers are reached before anything is written, so an address that answers nothing stops start-up in one line.
    if (target.kind === "postgres") await reach("PostgreSQL", target.url, () => database.ping());
    if (env.REDIS_URL) {
      const { Redis } = await import("ioredis");
      redis = new Redis(env.REDIS_URL, {
        keyPrefix: env.REDIS_KEY_PREFIX,
        maxRetriesPerRequest: 2,
        enableOfflineQueue: false,
        lazyConnect: true,
      });
      // ioredis rejects a failed connect with "Connection is closed": the error it emitted says why.
      let lastError: Error | null = null;
      redis.on("error", (error) => {
        lastError = error;
        log.warn({ event: "redis_error", err: error.message }, "redis error");
      });
      await reach("Redis", env.REDIS_URL, () => redis!.connect().catch((error: Error) => Promise.reject(lastError ?? error)));
    }
    // Start-up crosses programs: it migrates, registers every program and seeds demo ones.
    const db = crossProgramDb(database);
    const { applied, retired } = await migrateToLatest(db, registry.migrations());
    if (applied.length > 0) log.info({ event: "migrations_applied", migrations: applied }, "migrations applied");
    if (retired.length > 0) {
      log.warn({ event: "plugin_migrations_retired", migrations: retired }, "migrations of a plugin that is no longer installed ran before: its tables are kept");
    }
    await database.loadProgramTables();

    const jobOptions: JobQueueOptions = { workers: env.WORKERS ?? 1, ...options.jobs };
    jobs = await JobQueue.open(database, registry.jobs(), log, jobOptions);

    const tenants = new TenantDirectory(await registerPrograms(db, configs), env.DEFAULT_TENANT);
    if (options.seedDemo ?? demoSeedEnabled(env)) await seedDemoPrograms(database, tenants.list(), { registry, log });
    const configData = await applyConfigData(database, tenants.list(), registry);
    if (configData.length > 0) log.info({ event: "config_data_applied", applied: configData }, "configuration data from tenant files applied");
    // The embedded database has no autovacuum: without fresh statistics the planner takes a table that
    // grew (a feed of 200,000 posts) for the empty one it last saw, and walks all of it; without VACUUM,
    // rows that updates and deletes leave behind are never reclaimed. So: ANALYZE at start, VACUUM hourly.
    let analyzer: NodeJS.Timeout | undefined;
    if (database.soleWriter) {
      const warn = (error: Error) => log.warn({ event: "database_upkeep_failed", err: error.message }, "could not vacuum or analyze the embedded database");
      await database.analyze().catch(warn);
      analyzer = setInterval(() => database.vacuum().catch(warn), 60 * 60 * 1000).unref();
    }

    // Redis expires keys itself; expired database sessions and one-time keys are swept at start and every hour.
    let sweeper: NodeJS.Timeout | undefined;
    if (!redis) {
      const sweep = () =>
        Promise.all([purgeExpiredSessions(db), purgeExpiredOneTimeKeys(db)]).catch((error: Error) =>
          log.warn({ event: "session_sweep_failed", err: error.message }, "could not remove expired sessions"),
        );
      await sweep();
      sweeper = setInterval(sweep, 60 * 60 * 1000).unref();
    }
    const secrets = options.sessionSecrets ?? [env.SESSION_SECRET ?? (await localSessionSecret(env.DATA_DIR))];
    if (redis) {
      const connected = redis;
      heardSessions = new HeardSessions(() =>
        connected.duplicate({ lazyConnect: false, autoResubscribe: false }).on("error", (error) => log.warn({ event: "redis_error", err: error.message }, "redis error")),
      );
    }
    const sessionStore = redis ? redisSessionStore(redis, heardSessions!) : databaseSessionStore(db, database.soleWriter ? new SessionMemory() : undefined);
    const sessions = createAppSessions(sessionStore, secrets);
    const oneTimeStore = redis ? redisOneTimeStore(redis) : databaseOneTimeStore(db);
    const authenticator = createAuthenticator(sessions.storage);
    const background = new BackgroundWork(log);

    const services: AppServices = {
      env,
      log,
      redis,
      registry,
      tenants,
      tenantSettings: new TenantSettings(database, registry.tenantSchema, log),
      sessions,
      keptEmployees: new KeptEmployees(),
      background,
      devices: createDeviceMemory(secrets, { name: "__device", days: 30 }),
      signInDevices: createDeviceMemory(secrets, { name: "__signin", days: 365 }),
      visitorCookies: createVisitorCookies(secrets),
      authenticator,
      oneTimeStore,
      sso: new SingleSignOn({ env, database, store: oneTimeStore, authenticator, log }),
      mailer: createMailer(env, log),
      sms: createSmsSender(env, log),
      loginLimiter: new LoginLimiter(redis),
      jobs,
      storage: await createBlobStore(env),
      resolveHost: options.resolveHost ?? resolveWithDns,
      limits: new ActionLimiter(redis),
      gifs: env.GIPHY_API_KEY ? giphy(env.GIPHY_API_KEY) : null,
    };
    const app: RunningApp = {
      ...services,
      services,
      database,
      async close() {
        clearInterval(sweeper);
        clearInterval(analyzer);
        await jobs!.stop();
        await background.settled();
        heardSessions?.close();
        redis?.disconnect();
        await database.close();
      },
    };
    if (jobOptions.workers > 0) {
      await jobs.startWorkers(services, database);
      const schedules = registry.schedules();
      if (schedules.length > 0) await jobs.every("core.schedules", "* * * * *", () => fireDueSchedules(app, schedules, new Date()));
    }
    return app;
  } catch (error) {
    await jobs?.stop();
    heardSessions?.close();
    redis?.disconnect();
    await database.close();
    throw error;
  }
}

/**
 * The running process: its services, and what only start-up, scripts, tests and
 * the health check hold, the whole database and the way to close it all. A
 * request gets `services` and its program's handle (createRequestContext).
 */
export interface RunningApp extends AppServices {
  readonly services: AppServices;
  readonly database: DatabaseHandle;
  close(): Promise<void>;
}
