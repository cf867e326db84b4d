import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

export const LOGIN_LIMITS = {
  /** Failed password checks per account before it is paused. */
  accountFailures: 5,
  /** Failed password checks per client address (all accounts) before it is paused. */
  addressFailures: 30,
  windowSeconds: 15 * 60,
} as const;

/** "Too many sign-in attempts. Please try again in 12 minutes." */
export function tooManyAttempts(retryAfterSeconds: number, what = "sign-in attempts") {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

export type LimitCheck = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** An attempt the limits let through: say how the password check went. */
export interface Attempt {
  allowed: true;
  /** The right password: the account's failures are forgotten, and the attempt does not count against the address. */
  succeeded(): Promise<void>;
}

/**
 * Whose password is being checked: an employee (however their name was typed,
 * so a login name and an e-mail address share one count), or, for a name that
 * matches nobody, that name.
 */
export type AccountKey = { employeeId: number } | { unknownName: string };

function retryAfter(error: unknown): LimitCheck {
  if (error instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
  throw error;
}

/**
 * Limits password checks (sign-in, and every place a password is re-entered)
 * per account and per client address. Each attempt takes its allowance
 * atomically before the password is checked, so parallel guesses cannot
 * overrun a limit; a success gives it back, so only failures count. The
 * counts live in Redis when configured (shared by every web process), else in
 * this process's memory.
 */
export class LoginLimiter {
  private readonly perAccount: RateLimiterAbstract;
  private readonly perAddress: RateLimiterAbstract;

  constructor(redis: Redis | null) {
    const make = (keyPrefix: string, points: number) =>
      redis
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: LOGIN_LIMITS.windowSeconds })
        : new RateLimiterMemory({ keyPrefix, points, duration: LOGIN_LIMITS.windowSeconds });
    this.perAccount = make("login-account", LOGIN_LIMITS.accountFailures);
    this.perAddress = make("login-address", LOGIN_LIMITS.addressFailures);
  }

  private static accountKey(programId: number, account: AccountKey) {
    return "employeeId" in account ? `${programId}:employee:${account.employeeId}` : `${programId}:name:${account.unknownName.trim().toLowerCase()}`;
  }

  /** Takes one attempt from the account's and the address's allowance, or says how long to wait. */
  async begin(programId: number, account: AccountKey, address: string): Promise<Attempt | Exclude<LimitCheck, { allowed: true }>> {
    const accountKey = LoginLimiter.accountKey(programId, account);
    try {
      await this.perAccount.consume(accountKey);
    } catch (error) {
      return retryAfter(error) as Exclude<LimitCheck, { allowed: true }>;
    }
    try {
      await this.perAddress.consume(address);
    } catch (error) {
      await this.perAccount.reward(accountKey, 1);
      return retryAfter(error) as Exclude<LimitCheck, { allowed: true }>;
    }
    return {
      allowed: true,
      succeeded: async () => {
        await Promise.all([this.perAccount.delete(accountKey), this.perAddress.reward(address, 1)]);
      },
    };
  }
}
