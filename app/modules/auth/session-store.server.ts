import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import type { Db } from "~/modules/db/database.server";

export interface StoredSession {
  programId: number;
  data: Record<string, unknown>;
}

/** Where server-side session data lives: Redis when configured, else the database. */
export interface SessionStore {
  create(session: StoredSession, expires: Date): Promise<string>;
  read(id: string): Promise<StoredSession | null>;
  update(id: string, session: StoredSession, expires: Date): Promise<void>;
  delete(id: string): Promise<void>;
}

export function newSessionId() {
  return randomBytes(32).toString("base64url");
}

function ttlMs(expires: Date) {
  return Math.max(1000, expires.getTime() - Date.now());
}

export function redisSessionStore(redis: Redis): SessionStore {
  const key = (id: string) => `session:${id}`;
  return {
    async create(session, expires) {
      const id = newSessionId();
      await redis.set(key(id), JSON.stringify(session), "PX", ttlMs(expires));
      return id;
    },
    async read(id) {
      const raw = await redis.get(key(id));
      return raw ? (JSON.parse(raw) as StoredSession) : null;
    },
    async update(id, session, expires) {
      await redis.set(key(id), JSON.stringify(session), "PX", ttlMs(expires));
    },
    async delete(id) {
      await redis.del(key(id));
    },
  };
}

export function databaseSessionStore(db: Db): SessionStore {
  return {
    async create(session, expires) {
      const id = newSessionId();
      await db
        .insertInto("session")
        .values({ id, program_id: session.programId, data: JSON.stringify(session.data), expires_at: expires })
        .execute();
      return id;
    },
    async read(id) {
      const row = await db
        .selectFrom("session")
        .select(["program_id", "data"])
        .where("id", "=", id)
        .where("expires_at", ">", new Date())
        .executeTakeFirst();
      return row ? { programId: row.program_id, data: row.data } : null;
    },
    async update(id, session, expires) {
      await db
        .insertInto("session")
        .values({ id, program_id: session.programId, data: JSON.stringify(session.data), expires_at: expires })
        .onConflict((oc) => oc.column("id").doUpdateSet({ data: JSON.stringify(session.data), expires_at: expires }))
        .execute();
    },
    async delete(id) {
      await db.deleteFrom("session").where("id", "=", id).execute();
    },
  };
}

/** Removes expired database sessions; Redis expires its own. */
export async function purgeExpiredSessions(db: Db) {
  await db.deleteFrom("session").where("expires_at", "<=", new Date()).execute();
}
