import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { crossProgramDb, openDatabase } from "~/modules/db/database.server";
import { freshDatabase, runAdminStatement } from "../setup/databases";

describe.runIf(Boolean(process.env.DATABASE_URL))("a PostgreSQL connection lost while in use", () => {
  it("is reported, not thrown at the process (an unheard client error would end it)", async () => {
    const fresh = await freshDatabase();
    if (fresh.target.kind !== "postgres") throw new Error("expected PostgreSQL");
    const lost: string[] = [];
    const database = await openDatabase(fresh.target, (error) => lost.push(error.message));
    try {
      // Checked out, no query running: the moment a worker holds a connection between two queries.
      await crossProgramDb(database)
        .connection()
        .execute(async (connection) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
          await runAdminStatement(process.env.DATABASE_URL!, `select pg_terminate_backend(${rows[0]!.pid})`);
          await new Promise((resolve) => setTimeout(resolve, 300));
        });
      expect(lost.some((message) => /terminat/i.test(message))).toBe(true);
      // The pool replaces the connection.
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});

describe.runIf(!process.env.DATABASE_URL)("a statement on the embedded database", () => {
  it("starts on the event loop's next turn, as one sent over a socket would, so requests waiting meanwhile are read and timers fire", async () => {
    const fresh = await freshDatabase();
    const database = await openDatabase(fresh.target, () => {});
    try {
      const happened: string[] = [];
      setImmediate(() => happened.push("next turn"));
      await sql`select 1`.execute(crossProgramDb(database));
      happened.push("statement");
      expect(happened).toEqual(["next turn", "statement"]);
    } finally {
      await database.close();
    }
  });
});
