import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

export const LOGIN_LIMITS = {
  /** Failed password checks per account before it is paused (counted apart for a browser the person signed in on before). */
  accountFailures: 5,
  /** Failed password checks per client address and program (all accounts) before its attempts are paced. */
  addressFailures: 30,
  windowSeconds: 15 * 60,
  /** Past the address's allowance, one attempt per this many seconds from it (without a sign-in device cookie). */
  pacedSeconds: 5,
} as const;

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
 * per account and per client address, after OWASP's device cookies:
 * - per account: 5 failures in 15 minutes, counted apart for a browser the
 *   person signed in on before (`trusted`), so guesses from elsewhere cannot
 *   lock them out;
 * - per address and program: 30 failures in 15 minutes, then one attempt
 *   every 5 seconds (Retry-After), which slows guessing at many accounts
 *   (credential stuffing) while people behind one office address still get in;
 *   a trusted browser is never held by it.
 * Each attempt takes its allowance atomically before the password is checked,
 * so parallel guesses cannot overrun a limit; a success gives its own back, so
 * only failures count. The counts live in Redis when configured (shared by
 * every web process), else in this process's memory.
 */
export class LoginLimiter {
  private readonly perAccount: RateLimiterAbstract;
  private readonly perAddress: RateLimiterAbstract;
  private readonly paced: RateLimiterAbstract;
  private readonly pacedSeconds: number;

  constructor(redis: Redis | null, limits: { pacedSeconds: number } = LOGIN_LIMITS) {
    this.pacedSeconds = limits.pacedSeconds;
    const make = (keyPrefix: string, points: number, duration: number) =>
      redis ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration }) : new RateLimiterMemory({ keyPrefix, points, duration });
    this.perAccount = make("login-account", LOGIN_LIMITS.accountFailures, LOGIN_LIMITS.windowSeconds);
    this.perAddress = make("login-address", LOGIN_LIMITS.addressFailures, LOGIN_LIMITS.windowSeconds);
    this.paced = make("login-paced", 1, limits.pacedSeconds);
  }

  private static accountKey(programId: number, account: AccountKey, trusted: boolean) {
    const key = "employeeId" in account ? `${programId}:employee:${account.employeeId}` : `${programId}:name:${account.unknownName.trim().toLowerCase()}`;
    return trusted ? `${key}:trusted` : key;
  }

  /** One attempt from an address: within its allowance, or the one paced attempt its last few seconds allow. */
  private async fromAddress(key: string): Promise<LimitCheck & { counted: boolean }> {
    try {
      await this.perAddress.consume(key);
      // The allowance's last attempts also start the pace, so the first paced one waits its turn.
      await this.paced.set(key, 1, this.pacedSeconds);
      return { allowed: true, counted: true };
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
    }
    try {
      await this.paced.consume(key);
      return { allowed: true, counted: false };
    } catch (error) {
      return { ...retryAfter(error), counted: false };
    }
  }

  /**
   * Takes one attempt from the account's and the address's allowance, or says
   * how long to wait. `trusted`: the browser carries this person's sign-in
   * device cookie.
   */
  async begin(programId: number, account: AccountKey, address: string, { trusted = false } = {}): Promise<Attempt | Exclude<LimitCheck, { allowed: true }>> {
    const accountKey = LoginLimiter.accountKey(programId, account, trusted);
    try {
      await this.perAccount.consume(accountKey);
    } catch (error) {
      return retryAfter(error) as Exclude<LimitCheck, { allowed: true }>;
    }
    const addressKey = `${programId}:${address}`;
    const fromAddress = trusted ? { allowed: true as const, counted: false } : await this.fromAddress(addressKey);
    if (!fromAddress.allowed) {
      await this.perAccount.reward(accountKey, 1);
      return { allowed: false, retryAfterSeconds: fromAddress.retryAfterSeconds };
    }
    return {
      allowed: true,
      succeeded: async () => {
        await Promise.all([this.perAccount.delete(accountKey), fromAddress.counted ? this.perAddress.reward(addressKey, 1) : null]);
      },
    };
  }
}
