import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import { CHANGE_VERSIONS_CHANNEL } from "./change-versions";
import type { DatabaseHandle } from "./database.server";
import type { ChannelListener } from "./channel-listener.server";

/**
 * The change versions (decision 038) a process keeps instead of reading one per request
 * (decision 082). Each move of a version notifies a channel as it commits; the process listens,
 * and keeps a version it read until it hears that it moved, or until it changes the program's
 * rows itself (`moved`: its next request must see its own change, whatever the notification's
 * pace). A read that overlapped a move is used but not kept. While nothing listens (the
 * connection lost, or the embedded database, where nothing is heard), every read asks. A
 * person's version (decision 127) is one entry per person served: past `limit` entries kept since
 * the last time, the process starts over with none.
 */
export class HeardVersions {
  readonly #known = new Map<number, Map<string, string>>();
  /** Entries kept since the process last forgot them all (each forgotten one counted still: a bound, not a count). */
  #entries = 0;
  /** Moves heard or made: a read that saw this change while under way is not kept. */
  #generation = 0;
  #listener: ChannelListener | null | undefined;

  constructor(
    private readonly listen: DatabaseHandle["listen"],
    private readonly limit = 100_000,
  ) {}

  /** The version `name` of the program: kept, or what `read` reads. */
  async read(programId: number, name: string, read: () => Promise<string>): Promise<string> {
    const hears = this.#hears();
    const known = hears ? this.#known.get(programId)?.get(name) : undefined;
    if (known !== undefined) return known;
    const before = this.#generation;
    const version = await read();
    // Still listening, and nothing moved while it read: the version it read is the current one.
    if (this.#listener?.live && this.#generation === before) {
      if (this.#entries >= this.limit) this.#forgetAll();
      this.#entries += 1;
      let kept = this.#known.get(programId);
      if (!kept) this.#known.set(programId, (kept = new Map()));
      kept.set(name, version);
    }
    return version;
  }

  /** The version `name` of the program if this process keeps it (and is listening), without reading it. */
  peek(programId: number, name: string): string | undefined {
    return this.#hears() ? this.#known.get(programId)?.get(name) : undefined;
  }

  /** This process changed the program's rows (a statement, a transaction's end): any of its versions may have moved. */
  moved(programId: number) {
    this.#generation += 1;
    this.#known.delete(programId);
  }

  #forgetAll() {
    this.#known.clear();
    this.#entries = 0;
  }

  /** Listens from the first read on; true while that listening is live. */
  #hears() {
    if (this.#listener === undefined) {
      this.#listener = this.listen(CHANGE_VERSIONS_CHANNEL, {
        message: (payload) => {
          const at = payload.lastIndexOf(":");
          this.#generation += 1;
          this.#known.get(Number(payload.slice(at + 1)))?.delete(payload.slice(0, at));
        },
        reset: () => {
          this.#generation += 1;
          this.#forgetAll();
        },
      });
    }
    return this.#listener?.live === true;
  }
}

/** Statements whose count of rows changed says whether they changed anything (none with a CTE, which may write too). */
const COUNTED_WRITES = new Set<RootOperationNode["kind"]>(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode"]);

/**
 * A Kysely plugin that calls `wrote` once each statement that may have written (anything but a
 * plain select) has run; not after an insert, update or delete that changed no row, as a page
 * marking something read that already was does (no trigger fired, so no version moved).
 */
export class AfterWrites implements KyselyPlugin {
  /** Each write under way, and whether its count of changed rows tells. */
  readonly #writes = new WeakMap<QueryId, boolean>();

  constructor(private readonly wrote: () => void) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    // A select with a common table expression may hold an insert, update or delete.
    const withs = "with" in node && node.with !== undefined;
    if (node.kind !== "SelectQueryNode" || withs) this.#writes.set(queryId, COUNTED_WRITES.has(node.kind) && !withs);
    return node;
  }

  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const counted = this.#writes.get(queryId);
    if (counted !== undefined && !(counted && result.numAffectedRows === 0n)) this.wrote();
    return result;
  }
}
