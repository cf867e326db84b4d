import { createHash } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import PgBoss from "pg-boss";
import type { AppServices } from "~/modules/services.server";
import { jobEngineSql, type DatabaseHandle } from "~/modules/db/database.server";
import { jobEngineSqlWithin, type ProgramDb } from "~/modules/db/program-db.server";
import type { Logger } from "~/modules/logger.server";
import { isPluginEnabled } from "~/modules/tenants/features";
import type { SqlRunner } from "~/modules/db/sql-runner.server";
import { InFlight } from "~/utils/in-flight";
import type { JobDefinition } from "./job";

/** The PostgreSQL schema of the job engine's tables. */
export const JOB_SCHEMA = "jobs";

/** A job definition and who declared it: "core" or a plugin id (whose jobs run only while the program has it on). */
export interface DeclaredJob {
  owner: string;
  definition: JobDefinition<any>;
}

export interface JobQueueOptions {
  /** Jobs of each kind this process runs at once; 0 runs none (another process does: `npm run worker`). */
  workers: number;
  /** How long an idle worker waits before looking for work again (a job enqueued here wakes it at once). */
  pollSeconds?: number;
  /** How often runs that outlived their timeout are retried, and old jobs archived. */
  maintenanceSeconds?: number;
}

interface StoredData {
  programId: number;
  data: unknown;
}

export interface FailedJob {
  id: string;
  name: string;
  attempts: number;
  error: string;
  failedAt: Date;
}

/**
 * The engine's own SQL, counted while it runs: pg-boss marks a job completed or
 * failed without awaiting it, so a stop must wait for those writes before the
 * database closes under them.
 */
class TrackedSql implements SqlRunner {
  readonly running = new InFlight();

  constructor(private readonly runner: SqlRunner) {}

  executeSql(text: string, values?: unknown[]) {
    return this.running.track(this.runner.executeSql(text, values));
  }
}

/** How long a stop waits for the jobs in progress. */
const STOP_TIMEOUT_MS = 10_000;

/** How long a completed job (and so its key) is kept before it is archived. */
const KEEP_COMPLETED_SECONDS = 24 * 60 * 60;

/**
 * A job key names a piece of work ("welcome-mail:42"): enqueueing it again,
 * while the first is kept, does nothing. The engine takes it as the job's id.
 */
function idOfKey(name: string, programId: number, key: string) {
  const hex = createHash("sha256").update(`${name}\n${programId}\n${key}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Background jobs on pg-boss (decision 028), in the app's own database: on
 * PostgreSQL in production, on PGlite in the embedded mode. A job is enqueued
 * in the caller's transaction when there is one, carries its program, and runs
 * with that program's scoped database and effective config.
 */
export class JobQueue {
  private readonly declared: ReadonlyMap<string, DeclaredJob>;
  private readonly workerIds = new Map<string, string[]>();
  /** The handlers running in this process, so a stop can wait for them. */
  private readonly runs = new InFlight();

  /** The engine and its SQL door are truly private (#): a request holding `context.app.jobs` cannot reach rows through them. */
  readonly #boss: PgBoss;
  readonly #sql: TrackedSql;

  private constructor(
    boss: PgBoss,
    sql: TrackedSql,
    jobs: readonly DeclaredJob[],
    private readonly log: Logger,
    private readonly options: JobQueueOptions,
  ) {
    this.#boss = boss;
    this.#sql = sql;
    this.declared = new Map(jobs.map((job) => [job.definition.name, job]));
  }

  /**
   * Installs or upgrades the engine's tables and makes a queue per kind of job.
   * On the embedded database no other process can be running a job, so the runs
   * a crash cut short are put back at once rather than after their timeout.
   */
  static async open(database: DatabaseHandle, jobs: readonly DeclaredJob[], log: Logger, options: JobQueueOptions) {
    const runs = options.workers > 0;
    const sql = new TrackedSql(jobEngineSql(database));
    const boss = new PgBoss({
      db: sql as PgBoss.Db,
      schema: JOB_SCHEMA,
      migrate: true,
      supervise: runs,
      schedule: runs,
      maintenanceIntervalSeconds: options.maintenanceSeconds ?? 60,
      archiveCompletedAfterSeconds: KEEP_COMPLETED_SECONDS,
      archiveFailedAfterSeconds: 30 * 24 * 60 * 60,
    });
    boss.on("error", (error: Error) => log.warn({ event: "job_engine_error", err: error.message }, "job engine error"));
    await boss.start();
    const queue = new JobQueue(boss, sql, jobs, log, options);
    for (const { definition } of jobs) {
      const settings = {
        retryLimit: definition.retries ?? 5,
        retryDelay: definition.retryDelaySeconds ?? 10,
        retryBackoff: true,
        expireInSeconds: definition.timeoutSeconds ?? 300,
      };
      await boss.createQueue(definition.name, { name: definition.name, ...settings });
      await boss.updateQueue(definition.name, { name: definition.name, ...settings });
    }
    if (runs && database.soleWriter) await queue.putBackInterruptedRuns(database);
    return queue;
  }

  private async putBackInterruptedRuns(database: DatabaseHandle) {
    const { rows } = await jobEngineSql(database).executeSql(
      `update ${JOB_SCHEMA}.job set started_on = now() - expire_in - interval '1 second' where state = 'active' returning id`,
      [],
    );
    if (rows.length === 0) return;
    await this.#boss.maintain();
    this.log.warn({ event: "jobs_interrupted", jobs: rows.length }, "jobs cut short by the last stop will run again");
  }

  /**
   * Enqueues a job for `db`'s program, in `db`'s transaction if it is one.
   * Returns the job's id, or null when a job with the same key is already kept.
   */
  async enqueue<Data>(db: ProgramDb, job: JobDefinition<Data>, data: Data, options: { key?: string; runAt?: Date } = {}) {
    if (this.declared.get(job.name)?.definition !== job) throw new Error(`Job "${job.name}" is not declared by the core or an installed plugin`);
    const stored: StoredData = { programId: db.programId, data: job.data.parse(data) };
    const id = await this.#boss.send(job.name, stored as object, {
      id: options.key === undefined ? undefined : idOfKey(job.name, db.programId, options.key),
      startAfter: options.runAt,
      db: jobEngineSqlWithin(db) as PgBoss.Db,
    });
    if (id && !options.runAt) this.wake(job.name);
    return id;
  }

  private wake(name: string) {
    for (const id of this.workerIds.get(name) ?? []) this.#boss.notifyWorker(id);
  }

  /** Jobs of each kind this process runs at once. */
  get workers() {
    return this.options.workers;
  }

  /** Starts this process's workers (`options.workers` per kind of job). */
  async startWorkers(app: AppServices, database: DatabaseHandle) {
    for (const declared of this.declared.values()) {
      const name = declared.definition.name;
      const ids: string[] = [];
      for (let i = 0; i < this.options.workers; i++) {
        let workerId = "";
        workerId = await this.#boss.work<StoredData>(
          name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.options.pollSeconds ?? 2 },
          async ([job]) => {
            try {
              await this.runs.track(this.run(app, database, declared, job!));
            } finally {
              // A worker that found work looks again at once instead of after the poll interval.
              this.#boss.notifyWorker(workerId);
            }
          },
        );
        ids.push(workerId);
      }
      this.workerIds.set(name, ids);
    }
  }

  /** Registers an engine-level recurring job (UTC cron) run by a handler of its own; for the scheduler. */
  async every(name: string, cron: string, handler: () => Promise<void>) {
    await this.#boss.createQueue(name, { name, retryLimit: 0, expireInSeconds: 300 });
    if (this.options.workers === 0) return;
    await this.#boss.schedule(name, cron);
    await this.#boss.work(name, { batchSize: 1 }, () => this.runs.track(handler()));
  }

  private async run(app: AppServices, database: DatabaseHandle, { owner, definition }: DeclaredJob, job: PgBoss.JobWithMetadata<StoredData>) {
    const { programId, data } = job.data;
    const attempt = job.retryCount + 1;
    const log = this.log.child({ job: definition.name, jobId: job.id, programId, attempt });
    const file = app.tenants.byProgramId(programId);
    if (!file) {
      log.warn({ event: "job_skipped", reason: "no such program" }, "job skipped");
      return;
    }
    const tenant = await app.tenantSettings.effective(file);
    if (owner !== "core" && !isPluginEnabled(tenant.config, owner)) {
      log.info({ event: "job_skipped", reason: `plugin ${owner} is off` }, "job skipped");
      return;
    }
    const started = performance.now();
    try {
      await definition.run({ id: job.id, attempt, data: definition.data.parse(data), tenant, db: database.forProgram(programId), log, app });
      log.info({ event: "job_done", ms: Math.round(performance.now() - started) }, "job done");
    } catch (error) {
      const final = job.retryCount >= job.retryLimit;
      log[final ? "error" : "warn"]({ event: final ? "job_failed" : "job_will_retry", err: error }, final ? "job failed" : "job failed: it will be retried");
      throw error;
    }
  }

  /** A program's failed jobs, newest first: they stay visible for 30 days. */
  async failed(db: ProgramDb, limit = 50): Promise<FailedJob[]> {
    const { rows } = await jobEngineSqlWithin(db).executeSql(
      `select id, name, retry_count + 1 as attempts, coalesce(output->>'message', output->'value'->>'message') as error, completed_on as "failedAt"
       from ${JOB_SCHEMA}.job where state = 'failed' and (data->>'programId')::int = $1
       order by completed_on desc limit $2`,
      [db.programId, limit],
    );
    return rows as FailedJob[];
  }

  /**
   * Stops taking work and waits (up to 10 s) for the runs in progress, then for
   * the engine's last writes. pg-boss stops counting a run as busy once it
   * outlives its timeout, and does not count a worker whose fetch is in flight,
   * yet that run goes on and that worker runs what its fetch returns: so this
   * waits until no handler and no SQL of the engine is left, a turn of the
   * event loop after the last one ended.
   */
  async stop() {
    await this.#boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS, close: false });
    const until = Date.now() + STOP_TIMEOUT_MS;
    do {
      await this.#sql.running.settled();
      await Promise.race([this.runs.settled(), delay(until - Date.now(), undefined, { ref: false })]);
      await new Promise((resolve) => setImmediate(resolve));
    } while (this.runs.size + this.#sql.running.size > 0 && Date.now() < until);
    if (this.runs.size > 0) this.log.warn({ event: "jobs_cut_short", jobs: this.runs.size }, "jobs still running when the queue stopped");
  }
}
