import { sql, type Kysely } from "kysely";

/** A table whose rows (or, given `columns`, whose changes to those columns) something draws. */
export interface Watched {
  table: string;
  columns?: readonly string[];
}

/**
 * A version per program, `<name>_version`, of what some tables hold, for a versioned cache
 * (decision 038): deferred constraint triggers move it at the commit of any insert, delete or
 * watched update, once per program and transaction. Readers see the new version exactly when
 * they can see the new rows, and the version row is locked only while committing.
 */
export async function addChangeVersion(db: Kysely<any>, name: string, watched: readonly Watched[]) {
  await db.schema
    .createTable(`${name}_version`)
    .addColumn("program_id", "integer", (c) => c.primaryKey().references("program.id").onDelete("cascade"))
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();
  await sql`
    create function ${sql.id(`${name}_changed`)}() returns trigger language plpgsql as $$
    declare
      program integer := case when tg_op = 'DELETE' then old.program_id else new.program_id end;
      marker text := ${sql.lit(`${name}.changed_`)} || program;
    begin
      if coalesce(current_setting(marker, true), '') = '' then
        perform set_config(marker, 'yes', true);
        insert into ${sql.table(`${name}_version`)} as v (program_id, version) values (program, 1)
          on conflict (program_id) do update set version = v.version + 1;
      end if;
      return null;
    end $$`.execute(db);
  await watchChangeVersion(db, name, watched);
  await hearChangeVersion(db, name);
}

/** Makes `<name>_version` (made by `addChangeVersion`) move at changes to `watched` too: its readers came to draw on them. */
export async function watchChangeVersion(db: Kysely<any>, name: string, watched: readonly Watched[]) {
  for (const { table, columns } of watched) {
    const update = columns ? sql`update of ${sql.join(columns.map((column) => sql.id(column)))}` : sql`update`;
    await sql`
      create constraint trigger ${sql.id(`${table}_${name}_changed`)} after insert or delete or ${update} on ${sql.table(table)}
      deferrable initially deferred for each row execute function ${sql.id(`${name}_changed`)}()`.execute(db);
  }
}

/** Undoes `watchChangeVersion`. */
export async function unwatchChangeVersion(db: Kysely<any>, name: string, watched: readonly Watched[]) {
  for (const { table } of watched) await sql`drop trigger ${sql.id(`${table}_${name}_changed`)} on ${sql.table(table)}`.execute(db);
}

/** The channel a version's move notifies, with `<name>:<program id>`, when it commits. */
export const CHANGE_VERSIONS_CHANNEL = "change_versions";

/**
 * Makes every move of `<name>_version` notify CHANGE_VERSIONS_CHANNEL (PostgreSQL's NOTIFY,
 * heard at the commit), so that a process may keep a version it read until it hears it moved
 * (decision 082). For versions added before this existed; `addChangeVersion` does it itself.
 */
export async function hearChangeVersion(db: Kysely<any>, name: string) {
  await sql`
    create or replace function change_version_moved() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(CHANGE_VERSIONS_CHANNEL)}, tg_argv[0] || ':' || new.program_id);
      return null;
    end $$`.execute(db);
  await sql`
    create or replace trigger ${sql.id(`${name}_version_moved`)} after insert or update on ${sql.table(`${name}_version`)}
    for each row execute function change_version_moved(${sql.lit(name)})`.execute(db);
}

export async function unhearChangeVersion(db: Kysely<any>, name: string) {
  await sql`drop trigger if exists ${sql.id(`${name}_version_moved`)} on ${sql.table(`${name}_version`)}`.execute(db);
}

export async function dropChangeVersion(db: Kysely<any>, name: string, watched: readonly Watched[]) {
  await unwatchChangeVersion(db, name, watched);
  await sql`drop function ${sql.id(`${name}_changed`)}()`.execute(db);
  await db.schema.dropTable(`${name}_version`).execute();
}
