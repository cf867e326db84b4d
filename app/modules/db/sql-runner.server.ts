import { CompiledQuery, type Kysely } from "kysely";

/** Plain SQL text and values, as the job engine (pg-boss) sends them. */
export interface SqlRunner {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

/** Runs through Kysely's connection, so it queues behind (or joins) what else is running there. */
export function kyselySql(db: Kysely<any>): SqlRunner {
  return { executeSql: (text, values = []) => db.executeQuery(CompiledQuery.raw(text, values)) };
}
