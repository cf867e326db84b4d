import type pg from "pg";

/** How many statement texts a process names: each connection prepares at most this many (decision 073). */
export const NAMED_STATEMENT_LIMIT = 500;
/** Texts seen once, remembered until this many, then forgotten together: a one-off text is never named. */
const SEEN_ONCE_LIMIT = 5_000;

/** PostgreSQL's answer when a prepared statement's result columns changed under it (a migration of a running process's table). */
function isStaleStatement(error: unknown) {
  return error instanceof Error && (error as { code?: string }).code === "0A000" && /cached plan must not change result type/.test(error.message);
}

type Query = (config: pg.QueryConfig) => Promise<pg.QueryResult>;

/**
 * Names every parameterised statement the process sends a second time, so each pooled
 * connection parses and plans it once and then only binds values (a page's queries take half
 * the time). Names are given per process, one per text, so a name always means one text on
 * every connection. Texts with no values go unnamed: they may hold several statements.
 */
export function statementNamer(limit = NAMED_STATEMENT_LIMIT) {
  const names = new Map<string, string>();
  let seenOnce = new Set<string>();
  let issued = 0;

  function nameOf(text: string): string | undefined {
    const known = names.get(text);
    if (known !== undefined || names.size >= limit) return known;
    if (!seenOnce.has(text)) {
      if (seenOnce.size >= SEEN_ONCE_LIMIT) seenOnce = new Set();
      seenOnce.add(text);
      return undefined;
    }
    seenOnce.delete(text);
    const name = `s${(issued += 1)}`;
    names.set(text, name);
    return name;
  }

  /** Makes `client.query(text, values)` (as Kysely calls it) use the statement's name. */
  function prepare(client: pg.PoolClient) {
    const query = client.query.bind(client) as unknown as (...args: unknown[]) => Promise<pg.QueryResult>;
    const send: Query = (config) => query(config);
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (typeof text !== "string" || !Array.isArray(values) || values.length === 0 || args.length > 2) return query(...args);
      const name = nameOf(text);
      if (name === undefined) return send({ text, values });
      return send({ name, text, values }).catch((error: unknown) => {
        if (!isStaleStatement(error)) throw error;
        // Prepared before its table changed: forget the name (a new one is prepared next time) and answer this once unnamed.
        if (names.get(text) === name) names.delete(text);
        return send({ text, values });
      });
    };
  }

  return { prepare, size: () => names.size };
}
