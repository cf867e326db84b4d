import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

/** What a listener does with what it hears. */
export interface ChannelHandlers {
  /** A notification on the channel, with its payload. */
  message(payload: string): void;
  /** Listening (again): anything may have changed while nobody listened, so what was kept must be read afresh. */
  reset(): void;
}

export interface ChannelListener {
  /** Listening now: every notification committed from here on will be heard. */
  readonly live: boolean;
  close(): Promise<void>;
}

const RECONNECT_MS = 1_000;

/**
 * Listens to a PostgreSQL channel (LISTEN) on a connection of its own, which it opens again a
 * second after it is lost, for as long as it is not closed. It is `live` only between a LISTEN
 * that succeeded and the loss of its connection: callers that rely on hearing every change read
 * for themselves while it is not.
 */
export function listenToChannel(
  Client: typeof pg.Client,
  url: string,
  channel: string,
  handlers: ChannelHandlers,
  onConnectionError: (error: Error) => void,
): ChannelListener {
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (from: pg.Client) => {
    if (client !== from) return;
    live = false;
    client = null;
    from.end().catch(() => {});
    if (!closed) retry = setTimeout(connect, RECONNECT_MS).unref();
  };

  async function connect() {
    const next = new Client({ connectionString: url });
    client = next;
    next.on("error", (error) => {
      onConnectionError(error);
      lost(next);
    });
    next.on("end", () => lost(next));
    next.on("notification", (notification) => {
      if (notification.channel === channel) handlers.message(notification.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`listen "${channel.replaceAll('"', '""')}"`);
      if (closed || client !== next) return;
      handlers.reset();
      live = true;
    } catch (error) {
      onConnectionError(error as Error);
      lost(next);
    }
  }

  void connect();
  return {
    get live() {
      return live;
    },
    async close() {
      closed = true;
      live = false;
      clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}

/**
 * Listens on the embedded database (PGlite, in this process), where a notification is heard as
 * the committing statement's answer is read, before that statement's caller goes on. LISTEN is
 * sent while `hold` holds the database's only connection, so it never joins a transaction under
 * way (and is never undone with one).
 */
class InProcessListener implements ChannelListener {
  live = false;
  #closed = false;

  constructor(pglite: PGlite, hold: (work: () => Promise<void>) => Promise<void>, channel: string, handlers: ChannelHandlers) {
    const subscribe = async () => void (await pglite.listen(channel, (payload) => this.#closed || handlers.message(payload)));
    hold(subscribe).then(() => {
      if (this.#closed) return;
      handlers.reset();
      this.live = true;
    }, () => {});
  }

  async close() {
    this.#closed = true;
    this.live = false;
  }
}

export function listenInProcess(...args: ConstructorParameters<typeof InProcessListener>): ChannelListener {
  return new InProcessListener(...args);
}
