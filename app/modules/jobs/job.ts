import type { z } from "zod";
import type { AppServices } from "~/modules/services.server";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { Logger } from "~/modules/logger.server";
import type { Tenant } from "~/modules/tenants/tenant";

/** What a job's run function gets: its program, scoped like a request's, and the app's services. */
export interface JobRun<Data> {
  id: string;
  /** 1 on the first run, 2 on the first retry... */
  attempt: number;
  data: Data;
  tenant: Tenant;
  db: ProgramDb;
  log: Logger;
  app: AppServices;
}

/**
 * A kind of background work. Runs are at least once: a run cut short (a
 * crash, a timeout) is run again, so `run` must be idempotent: doing its work
 * twice has the effect of doing it once (a unique key, an upsert, a check).
 */
export interface JobDefinition<Data = unknown> {
  /** "<plugin id>.<name>", or "core.<name>" for the core's. */
  name: string;
  /** Checks the data when the job is enqueued and again when it runs. */
  data: z.ZodType<Data>;
  run(job: JobRun<Data>): Promise<void>;
  /** Runs after the first that fails, 5 by default; then the job is failed. */
  retries?: number;
  /** Wait before the first retry, 10 s by default; each retry waits about twice as long as the one before. */
  retryDelaySeconds?: number;
  /** A run that takes longer is abandoned and retried; 300 s by default. */
  timeoutSeconds?: number;
}

/** A recurring job: `cron` is read in each program's time zone, and the job runs once per occurrence per program. */
export interface JobSchedule<Data = unknown> {
  /** Unique among its owner's schedules. */
  id: string;
  /** Five fields (minute hour day-of-month month day-of-week), as in crontab. */
  cron: string;
  job: JobDefinition<Data>;
  data: Data;
}

export function defineJob<Data>(definition: JobDefinition<Data>) {
  return definition;
}

export function defineSchedule<Data>(schedule: JobSchedule<Data>) {
  return schedule;
}
