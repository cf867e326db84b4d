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

/**
 * Sessions in Redis; with `heard`, the ones this process read or wrote are kept in its memory for
 * as long as it hears every other process's change to a session (decision 091).
 */
export function redisSessionStore(redis: Redis, heard?: HeardSessions): SessionStore {
  const key = (id: string) => `session:${id}`;
  const channel = sessionChanges(redis);
  const told = (id: string) => `${heard?.mark ?? "-"} ${id}`;
  return {
    async create(session, expires) {
      const id = newSessionId();
      await redis.set(key(id), JSON.stringify(session), "PX", ttlMs(expires));
      heard?.memory.put(id, session, expires);
      return id;
    },
    async read(id) {
      if (!heard?.live) return parsed(await redis.get(key(id)));
      const remembered = heard.memory.get(id);
      if (remembered) return remembered;
      const startedAt = heard.memory.readStarts();
      const [[, raw], [, ttl]] = (await redis.pipeline().get(key(id)).pttl(key(id)).exec()) as [[unknown, string | null], [unknown, number]];
      const session = parsed(raw);
      if (session && ttl > 0 && heard.live) heard.memory.putRead(id, session, new Date(Date.now() + ttl), startedAt);
      return session;
    },
    async update(id, session, expires) {
      await redis.multi().set(key(id), JSON.stringify(session), "PX", ttlMs(expires)).publish(channel, told(id)).exec();
      heard?.memory.put(id, session, expires);
    },
    async delete(id) {
      heard?.memory.forget(id);
      await redis.multi().del(key(id)).publish(channel, told(id)).exec();
    },
  };
}

function parsed(raw: string | null) {
  return raw ? (JSON.parse(raw) as StoredSession) : null;
}

/** The channel on which every change to a stored session is told, by its id (Redis does not prefix channels: the key prefix is added here). */
function sessionChanges(redis: Redis) {
  return `${redis.options.keyPrefix ?? ""}session_changes`;
}

/**
 * What a process hears of the sessions other processes change (decision 091): a subscription, on a
 * connection of its own, to the channel on which every store tells each update and delete. A
 * process marks what it tells, and forgets the session at any message not its own. Kept
 * sessions are used only while `live`: from a subscription that succeeded (each one starts with
 * nothing kept, since changes may have gone unheard) to the loss of its connection. The
 * connection is opened at the first read, so a process that serves no page (a worker, a script)
 * never opens it.
 */
export class HeardSessions {
  readonly memory = new SessionMemory();
  /** Marks this process's messages (a process that keeps nothing marks them "-"). */
  readonly mark = newSessionId().slice(0, 12);
  #subscriber: Redis | null = null;
  #live = false;

  /** `open`: a new connection to subscribe on. */
  constructor(private readonly open: () => Redis) {}

  /** Whether kept sessions may be used; the first ask starts listening (and says no). */
  get live() {
    if (!this.#subscriber) this.#listen((this.#subscriber = this.open()));
    return this.#live;
  }

  close() {
    this.#live = false;
    this.#subscriber?.disconnect();
  }

  #listen(subscriber: Redis) {
    const changes = sessionChanges(subscriber);
    subscriber.on("message", (channel: string, message: string) => {
      const [mark, id] = message.split(" ");
      if (channel === changes && mark !== this.mark && id) this.memory.forget(id);
    });
    subscriber.on("close", () => {
      this.#live = false;
    });
    subscriber.on("ready", () => {
      subscriber.subscribe(changes).then(
        () => {
          this.memory.clear();
          this.#live = true;
        },
        () => {},
      );
    });
  }
}

/**
 * The most recently used sessions, for a database no other process writes (the
 * embedded one): there memory can never be older than the table, so a
 * signed-in page reads its session without a query; and for Redis while the
 * process hears every change (HeardSessions). Written through; each read hands
 * out a fresh copy of the data.
 */
export class SessionMemory {
  private readonly recent = new Map<string, { programId: number; json: string; expires: number }>();
  /** Counts writes, so that a read which raced one does not remember what it read before it. */
  private writes = 0;

  constructor(private readonly capacity = 10_000) {}

  get(id: string): StoredSession | null {
    const known = this.recent.get(id);
    if (!known) return null;
    this.recent.delete(id);
    if (known.expires <= Date.now()) return null;
    this.recent.set(id, known);
    return { programId: known.programId, data: JSON.parse(known.json) as Record<string, unknown> };
  }

  /** What to pass to `putRead` for a read from the table that starts now. */
  readStarts() {
    return this.writes;
  }

  /** Remembers a session read from the table, unless the table was written since the read started. */
  putRead(id: string, session: StoredSession, expires: Date, startedAt: number) {
    if (startedAt === this.writes) this.remember(id, session, expires);
  }

  put(id: string, session: StoredSession, expires: Date) {
    this.writes++;
    this.remember(id, session, expires);
  }

  forget(id: string) {
    this.writes++;
    this.recent.delete(id);
  }

  clear() {
    this.writes++;
    this.recent.clear();
  }

  private remember(id: string, session: StoredSession, expires: Date) {
    this.recent.delete(id);
    this.recent.set(id, { programId: session.programId, json: JSON.stringify(session.data), expires: expires.getTime() });
    if (this.recent.size > this.capacity) this.recent.delete(this.recent.keys().next().value!);
  }
}

/** Sessions in the database; with `memory` when this process is the database's only writer. */
export function databaseSessionStore(db: Db, memory?: SessionMemory): SessionStore {
  return {
    async create(session, expires) {
      const id = newSessionId();
      await db
        .insertInto("session")
        .values({ id, program_id: session.programId, data: JSON.stringify(session.data), expires_at: expires })
        .execute();
      memory?.put(id, session, expires);
      return id;
    },
    async read(id) {
      const remembered = memory?.get(id);
      if (remembered) return remembered;
      const startedAt = memory?.readStarts() ?? 0;
      const row = await db
        .selectFrom("session")
        .select(["program_id", "data", "expires_at"])
        .where("id", "=", id)
        .where("expires_at", ">", new Date())
        .executeTakeFirst();
      if (!row) return null;
      const session = { programId: row.program_id, data: row.data };
      memory?.putRead(id, session, row.expires_at, startedAt);
      return session;
    },
    async update(id, session, expires) {
      await db
        .insertInto("session")
        .values({ id, program_id: session.programId, data: JSON.stringify(session.data), expires_at: expires })
        .onConflict((oc) => oc.column("id").doUpdateSet({ data: JSON.stringify(session.data), expires_at: expires }))
        .execute();
      memory?.put(id, session, expires);
    },
    async delete(id) {
      memory?.forget(id);
      await db.deleteFrom("session").where("id", "=", id).execute();
    },
  };
}

/** Removes expired database sessions; Redis expires its own. */
export async function purgeExpiredSessions(db: Db) {
  await db.deleteFrom("session").where("expires_at", "<=", new Date()).execute();
}
