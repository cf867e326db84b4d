import { sql, type Kysely } from "kysely";

/** A table whose rows (or, given `columns`, whose changes to those columns) something draws. */
export interface Watched {
  table: string;
  columns?: readonly string[];
}

/**
 * A version per program, `<name>_version`, of what some tables hold, for a versioned cache
 * (decision 038): it moves at the commit of any insert, delete or watched update, once per
 * program and transaction. Readers see the new version exactly when they can see the new rows,
 * and the version row is locked only while committing. A transaction that changes what several
 * versions watch moves them in one order, by name, whatever order it changed them in (decision
 * 107), so two such transactions committing at once never wait on each other's rows.
 */
export async function addChangeVersion(db: Kysely<any>, name: string, watched: readonly Watched[]) {
  await db.schema
    .createTable(`${name}_version`)
    .addColumn("program_id", "integer", (c) => c.primaryKey().references("program.id").onDelete("cascade"))
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();
  await moveVersionsInOrder(db, name);
  await watchChangeVersion(db, name, watched);
  await hearChangeVersion(db, name);
}

/**
 * What moves versions in order (decision 107): a row trigger on each watched table notes
 * `<name>:<program>` (a person's version: `<name>:<program>:<person>`, `addPersonVersion`) in the
 * transaction's `change_versions.noted` as the change happens; at the commit, the first of the
 * deferred triggers moves every version noted, sorted, and clears the note. `<name>_changed()` is
 * the deferred triggers' function; made again for a version made before this (each version's own, then).
 */
export async function moveVersionsInOrder(db: Kysely<any>, name: string) {
  await sql`
    create or replace function change_version_noted() returns trigger language plpgsql as $$
    declare
      entry text := tg_argv[0] || ':' || case when tg_op = 'DELETE' then old.program_id else new.program_id end;
      noted text := coalesce(current_setting('change_versions.noted', true), '');
    begin
      if position(' ' || entry || ' ' in noted) = 0 then
        perform set_config('change_versions.noted', noted || ' ' || entry || ' ', true);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function change_versions_move() returns void language plpgsql as $$
    declare
      noted text := coalesce(current_setting('change_versions.noted', true), '');
      entry text;
    begin
      if noted = '' then return; end if;
      perform set_config('change_versions.noted', '', true);
      for entry in select distinct noted_entry from unnest(string_to_array(noted, ' ')) as noted_entry where noted_entry <> '' order by noted_entry loop
        if split_part(entry, ':', 3) = '' then
          execute format('insert into %I as v (program_id, version) values ($1, 1) on conflict (program_id) do update set version = v.version + 1', split_part(entry, ':', 1) || '_version')
            using split_part(entry, ':', 2)::integer;
        else
          execute format('insert into %I as v (program_id, employee_id, version) values ($1, $2, 1) on conflict (program_id, employee_id) do update set version = v.version + 1', split_part(entry, ':', 1) || '_version')
            using split_part(entry, ':', 2)::integer, split_part(entry, ':', 3)::integer;
        end if;
      end loop;
    end $$`.execute(db);
  await sql`
    create or replace function ${sql.id(`${name}_changed`)}() returns trigger language plpgsql as $$
    begin
      perform change_versions_move();
      return null;
    end $$`.execute(db);
}

/** Makes `<name>_version` (made by `addChangeVersion`) move at changes to `watched` too: its readers came to draw on them. */
export async function watchChangeVersion(db: Kysely<any>, name: string, watched: readonly Watched[]) {
  for (const { table, columns } of watched) {
    await noteChanges(db, name, table, columns);
    await sql`
      create constraint trigger ${sql.id(`${table}_${name}_changed`)} after ${changesOf(columns, EVERY_ROW)} on ${sql.table(table)}
      deferrable initially deferred for each row execute function ${sql.id(`${name}_changed`)}()`.execute(db);
  }
}

/**
 * The row trigger that notes, as it happens, a change to `table` that moves `<name>_version` at the
 * commit (decision 107): on the same changes as the version's deferred trigger there.
 */
export async function noteChanges(db: Kysely<any>, name: string, table: string, columns?: readonly string[], rows = EVERY_ROW) {
  await sql`
    create trigger ${sql.id(`${table}_${name}_noted`)} after ${changesOf(columns, rows)} on ${sql.table(table)}
    for each row execute function change_version_noted(${sql.lit(name)})`.execute(db);
}

/** Whether inserted and deleted rows count, besides updates (a version made by hand may watch updates only). */
interface RowChanges {
  inserts: boolean;
  deletes: boolean;
}

const EVERY_ROW: RowChanges = { inserts: true, deletes: true };

/** A trigger's events: inserts and deletes (unless `rows` leaves them out), and updates of `columns` (any update without them). */
export function changesOf(columns: readonly string[] | undefined, { inserts, deletes }: RowChanges = EVERY_ROW) {
  const update = columns?.length ? sql`update of ${sql.join(columns.map((column) => sql.id(column)))}` : sql`update`;
  return sql.join([...(inserts ? [sql`insert`] : []), ...(deletes ? [sql`delete`] : []), update], sql` or `);
}

/** Undoes `watchChangeVersion`. */
export async function unwatchChangeVersion(db: Kysely<any>, name: string, watched: readonly Watched[]) {
  for (const { table } of watched) {
    await sql`drop trigger ${sql.id(`${table}_${name}_noted`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger ${sql.id(`${table}_${name}_changed`)} on ${sql.table(table)}`.execute(db);
  }
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
