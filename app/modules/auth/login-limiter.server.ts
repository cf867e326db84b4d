import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

export const LOGIN_LIMITS = {
  /** Failed sign-ins per account before it is paused. */
  accountFailures: 5,
  /** Sign-in attempts per client address (all accounts). */
  addressAttempts: 30,
  windowSeconds: 15 * 60,
} as const;

export type LimitCheck = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Login attempts limited per account (failures only) and per client address
 * (every attempt): in Redis when configured, so all web processes share the
 * counts, else in this process's memory.
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
    this.perAddress = make("login-address", LOGIN_LIMITS.addressAttempts);
  }

  private static accountKey(programId: number, username: string) {
    return `${programId}:${username.trim().toLowerCase()}`;
  }

  /** Counts an attempt from the address and tells whether the attempt may proceed. */
  async attempt(programId: number, username: string, address: string): Promise<LimitCheck> {
    const account = await this.perAccount.get(LoginLimiter.accountKey(programId, username));
    if (account && account.remainingPoints <= 0) {
      return { allowed: false, retryAfterSeconds: Math.ceil(account.msBeforeNext / 1000) };
    }
    try {
      await this.perAddress.consume(address);
      return { allowed: true };
    } catch (error) {
      if (error instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) };
      throw error;
    }
  }

  async recordFailure(programId: number, username: string) {
    await this.perAccount.penalty(LoginLimiter.accountKey(programId, username), 1);
  }

  async recordSuccess(programId: number, username: string) {
    await this.perAccount.delete(LoginLimiter.accountKey(programId, username));
  }
}
