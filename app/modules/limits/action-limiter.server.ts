import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

/** How often something may be done: in each window, at most `points` (a post is 1, a post's mentions as many as it has). */
export interface ActionLimit {
  /** What is limited, as its message names it: "posts" ("Too many posts. Please try again in 40 seconds."). */
  name: string;
  windows: readonly { points: number; seconds: number }[];
}

export class TooManyActions extends Error {
  override name = "TooManyActions";
  constructor(
    readonly limit: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`${limit}: retry in ${retryAfterSeconds} s`);
  }
}

/**
 * Limits what people do (post, comment, react, report, mention, have links
 * previewed) per person or per program, in one or more windows at once (per
 * minute and per hour). The counts live in Redis when configured, shared by
 * every web process, else in this process's memory.
 */
export class ActionLimiter {
  private readonly windows = new Map<string, RateLimiterAbstract[]>();

  constructor(private readonly redis: Redis | null) {}

  /** A limit's counters, one per window, kept by its name and sizes: a program that changes a limit counts afresh. */
  private windowsOf(limit: ActionLimit) {
    const key = `${limit.name}:${limit.windows.map(({ points, seconds }) => `${points}/${seconds}`).join(",")}`;
    let windows = this.windows.get(key);
    if (!windows) {
      windows = limit.windows.map(({ points, seconds }) => {
        const options = { keyPrefix: `limit:${key}:${seconds}`, points, duration: seconds };
        return this.redis ? new RateLimiterRedis({ storeClient: this.redis, ...options }) : new RateLimiterMemory(options);
      });
      this.windows.set(key, windows);
    }
    return windows;
  }

  /** Takes `cost` from every window of `limit` for `who`, or throws TooManyActions and takes nothing. */
  take(limit: ActionLimit, who: string, cost = 1) {
    return this.takeAll([{ limit, who, cost }]);
  }

  /** Takes from every window of every limit named, or throws TooManyActions (for the first one short) and takes nothing. */
  async takeAll(charges: readonly { limit: ActionLimit; who: string; cost?: number }[]) {
    const taken: { window: RateLimiterAbstract; who: string; cost: number }[] = [];
    for (const { limit, who, cost = 1 } of charges) {
      if (cost <= 0) continue;
      for (const window of this.windowsOf(limit)) {
        try {
          await window.consume(who, cost);
          taken.push({ window, who, cost });
        } catch (error) {
          await Promise.all(taken.map((done) => done.window.reward(done.who, done.cost)));
          if (error instanceof RateLimiterRes) throw new TooManyActions(limit.name, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
          throw error;
        }
      }
    }
  }
}

/** "Too many sign-in attempts. Please try again in 12 minutes." (or "in 5 seconds", under a minute) */
export function tooManyAttempts(retryAfterSeconds: number, what = "sign-in attempts") {
  const [count, unit] = retryAfterSeconds < 60 ? [Math.max(1, Math.ceil(retryAfterSeconds)), "second"] : [Math.ceil(retryAfterSeconds / 60), "minute"];
  return `Too many ${what}. Please try again in ${count} ${unit}${count === 1 ? "" : "s"}.`;
}
