import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statementNamer } from "~/modules/db/prepared-statements.server";
import { freshDatabase } from "../setup/databases";

// What each pooled connection has prepared is PostgreSQL's own view, pg_prepared_statements.
describe.runIf(Boolean(process.env.DATABASE_URL))("statements named on PostgreSQL", () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  const pools: pg.Pool[] = [];
  /** Each connection's end: a pool's `end()` resolves before its connections have closed, and dropping the database then ends them with an error. */
  const closed: Promise<void>[] = [];
  /** One connection whose statements `namer` names. */
  function poolNamedBy(namer: ReturnType<typeof statementNamer>) {
    const pool = new pg.Pool({ connectionString: (fresh.target as { url: string }).url, max: 1 });
    pool.on("connect", (client) => {
      closed.push(new Promise((resolve) => client.once("end", () => resolve())));
      namer.prepare(client);
    });
    pools.push(pool);
    return pool;
  }
  /** `client.query(text, values)` as Kysely calls it, on a connection whose prepared statements are then listed. */
  async function onOneConnection(pool: pg.Pool, work: (query: (text: string, values: unknown[]) => Promise<pg.QueryResult>) => Promise<void>) {
    const client = await pool.connect();
    try {
      await work((text, values) => client.query(text, values));
      const { rows } = await client.query<{ name: string; statement: string }>("select name, statement from pg_prepared_statements order by name");
      return rows;
    } finally {
      client.release();
    }
  }

  beforeAll(async () => {
    fresh = await freshDatabase();
    if (fresh.target.kind !== "postgres") throw new Error("expected PostgreSQL");
    const setup = poolNamedBy(statementNamer());
    await setup.query("create table thing (id int primary key, label text)");
    await setup.query("insert into thing values (1, 'one'), (2, 'two')");
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await Promise.all(closed);
    await fresh.drop();
  });

  it("prepares a text with values the second time it is sent, never one without, and at most the limit", async () => {
    const namer = statementNamer(2);
    const prepared = await onOneConnection(poolNamedBy(namer), async (query) => {
      expect((await query("select label from thing where id = $1", [1])).rows).toEqual([{ label: "one" }]);
      expect((await query("select label from thing where id = $1", [2])).rows).toEqual([{ label: "two" }]);
      expect((await query("select label from thing where id = $1", [1])).rows).toEqual([{ label: "one" }]);
      await query("select count(*) from thing", []);
      await query("select count(*) from thing", []);
      for (const text of ["select id from thing where label = $1", "select id from thing where id > $1", "select label from thing where id < $1"]) {
        await query(text, ["1"]);
        await query(text, ["1"]);
      }
    });
    expect(prepared.map((row) => row.statement)).toEqual(["select label from thing where id = $1", "select id from thing where label = $1"]);
    expect(namer.size()).toBe(2);
  });

  it("answers a prepared statement whose table changed under it, and prepares it afresh", async () => {
    const pool = poolNamedBy(statementNamer());
    const text = "select * from thing where id = $1";
    const prepared = await onOneConnection(pool, async (query) => {
      await query(text, [1]);
      expect((await query(text, [1])).rows).toEqual([{ id: 1, label: "one" }]);
    });
    expect(prepared.map((row) => row.statement)).toEqual([text]);
    await poolNamedBy(statementNamer()).query("alter table thing add column note text");
    await onOneConnection(pool, async (query) => {
      expect((await query(text, [1])).rows).toEqual([{ id: 1, label: "one", note: null }]);
      await query(text, [1]);
      expect((await query(text, [1])).rows).toEqual([{ id: 1, label: "one", note: null }]);
    });
  });
});
