import type { Redis } from "ioredis";
import type { Db } from "~/modules/db/database.server";

/**
 * Short-lived values that may be used once: outstanding SAML request ids, the
 * ids of assertions already consumed, sign-in tickets. In Redis when
 * configured (shared by every web process), else in the database. Keys are
 * per program, so one program's ids never collide with another's.
 */
export interface OneTimeStore {
  /** Stores a value until it is taken or `ttlMs` passes. */
  put(programId: number, key: string, value: unknown, ttlMs: number): Promise<void>;
  /** Returns the value and removes it, atomically: of two concurrent takes, one gets it. */
  take<T>(programId: number, key: string): Promise<T | null>;
  /** Marks a key as used; false when it was already marked and has not expired. */
  claim(programId: number, key: string, ttlMs: number): Promise<boolean>;
}

export function redisOneTimeStore(redis: Redis): OneTimeStore {
  const redisKey = (programId: number, key: string) => `once:${programId}:${key}`;
  return {
    async put(programId, key, value, ttlMs) {
      await redis.set(redisKey(programId, key), JSON.stringify(value), "PX", Math.max(1, Math.round(ttlMs)));
    },
    async take<T>(programId: number, key: string) {
      const raw = await redis.getdel(redisKey(programId, key));
      return raw === null ? null : (JSON.parse(raw) as T);
    },
    async claim(programId, key, ttlMs) {
      const set = await redis.set(redisKey(programId, key), "1", "PX", Math.max(1, Math.round(ttlMs)), "NX");
      return set === "OK";
    },
  };
}

export function databaseOneTimeStore(db: Db): OneTimeStore {
  const expiry = (ttlMs: number) => new Date(Date.now() + ttlMs);
  return {
    async put(programId, key, value, ttlMs) {
      const row = { program_id: programId, key, value: JSON.stringify(value), expires_at: expiry(ttlMs) };
      await db
        .insertInto("one_time_key")
        .values(row)
        .onConflict((oc) => oc.columns(["program_id", "key"]).doUpdateSet({ value: row.value, expires_at: row.expires_at }))
        .execute();
    },
    async take<T>(programId: number, key: string) {
      const row = await db
        .deleteFrom("one_time_key")
        .where("program_id", "=", programId)
        .where("key", "=", key)
        .returning(["value", "expires_at"])
        .executeTakeFirst();
      return row && row.expires_at > new Date() ? (row.value as T) : null;
    },
    async claim(programId, key, ttlMs) {
      // An expired mark is free again: replace it, but never a live one.
      const row = await db
        .insertInto("one_time_key")
        .values({ program_id: programId, key, value: "true", expires_at: expiry(ttlMs) })
        .onConflict((oc) =>
          oc
            .columns(["program_id", "key"])
            .doUpdateSet({ expires_at: expiry(ttlMs) })
            .where("one_time_key.expires_at", "<=", new Date()),
        )
        .returning("key")
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

/** Removes expired keys from the database; Redis expires its own. */
export async function purgeExpiredOneTimeKeys(db: Db) {
  await db.deleteFrom("one_time_key").where("expires_at", "<=", new Date()).execute();
}
