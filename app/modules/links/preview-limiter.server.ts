import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

/** Pages a person may have the server fetch for previews in a window (a link previewed in the last day costs nothing). */
export const PREVIEW_LIMITS = { fetches: 30, windowSeconds: 10 * 60 } as const;

export class TooManyPreviewsError extends Error {
  override name = "TooManyPreviewsError";
  constructor(readonly retryAfterSeconds: number) {
    super(`too many link previews; retry in ${retryAfterSeconds} s`);
  }
}

/**
 * Limits how many pages each person has the server fetch for link previews,
 * so that no one can use it to fetch the web (or fill the program's storage
 * with pictures) at will. Counts live in Redis when configured, else in this
 * process's memory.
 */
export class PreviewLimiter {
  private readonly perPerson: RateLimiterAbstract;

  constructor(redis: Redis | null) {
    const options = { keyPrefix: "link-previews", points: PREVIEW_LIMITS.fetches, duration: PREVIEW_LIMITS.windowSeconds };
    this.perPerson = redis ? new RateLimiterRedis({ storeClient: redis, ...options }) : new RateLimiterMemory(options);
  }

  /** Takes one fetch from the person's allowance, or throws TooManyPreviewsError. */
  async take(programId: number, employeeId: number) {
    try {
      await this.perPerson.consume(`${programId}:${employeeId}`);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new TooManyPreviewsError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      throw error;
    }
  }
}
