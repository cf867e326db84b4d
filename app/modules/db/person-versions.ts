import { sql, type Kysely } from "kysely";
import { addChangeVersion, CHANGE_VERSIONS_CHANNEL, changesOf, dropChangeVersion, moveVersionsInOrder } from "./change-versions";

/** A table some people's versions draw on: the changes that count, and the columns naming whom each row concerns. */
export interface PersonWatched {
  table: string;
  /** An update counts only when it sets one of these (inserts and deletes always do). */
  columns?: readonly string[];
  /** Columns holding an employee id: each person named, before and after the change, has their version moved. */
  people: readonly string[];
}

/**
 * The versions a person's own reads are kept under, as a process names them (`ProgramDb.changeVersion`)
 * and as their moves are notified: the person's, and the program's for changes to many people at once.
 */
export function personVersionNames(name: string, employeeId: number) {
  return [`${name}/${employeeId}`, `${name}_all`] as const;
}

/** The table and the person of a name made by `personVersionNames`; no person for a program's version. */
export function splitVersionName(versionName: string) {
  const [name, person] = versionName.split("/");
  return { table: `${name}_version`, employeeId: person === undefined ? undefined : Number(person) };
}

/**
 * How many people a transaction notes one by one (decision 127): past them, a change to many people
 * at once (an import, a points upload) moves the program's `<name>_all` version instead, which
 * every person's own version is read with, so that noting stays cheap however many it changes.
 */
export const PEOPLE_NOTED_AT_MOST = 1_000;

/**
 * A version per person, `<name>_version` keyed by program and employee (decision 127): what is
 * kept for one person moves only at a change that concerns them, where a program's version
 * (`addChangeVersion`) moves at anyone's. It moves with the program's versions, in the same order
 * (decision 107: the row triggers note `<name>:<program>:<person>`, the commit moves what was
 * noted), and each move notifies CHANGE_VERSIONS_CHANNEL with `<name>/<person>:<program>`. Beside
 * it, `<name>_all`, the program's: it moves when a transaction changes more than
 * PEOPLE_NOTED_AT_MOST people, and a person's version is read with it (`personVersionNames`). No
 * foreign key to the person: a person deleted moves their version as they go.
 */
export async function addPersonVersion(db: Kysely<any>, name: string, watched: readonly PersonWatched[]) {
  await db.schema
    .createTable(`${name}_version`)
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull())
    .addColumn("version", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint(`${name}_version_pkey`, ["program_id", "employee_id"])
    .execute();
  await addChangeVersion(db, `${name}_all`, []);
  await moveVersionsInOrder(db, name);
  // The count of people noted starts again with the note: the commit's move empties it.
  await sql`
    create or replace function person_versions_noted() returns trigger language plpgsql as $$
    declare
      changed jsonb[] := case tg_op when 'INSERT' then array[to_jsonb(new)] when 'DELETE' then array[to_jsonb(old)] else array[to_jsonb(old), to_jsonb(new)] end;
      noted text := coalesce(current_setting('change_versions.noted', true), '');
      people integer := case when noted = '' then 0 else coalesce(nullif(current_setting('change_versions.people_noted', true), ''), '0')::integer end;
      before text := noted;
      row_image jsonb;
      person text;
      entry text;
    begin
      foreach row_image in array changed loop
        for i in 1 .. tg_nargs - 1 loop
          person := row_image ->> tg_argv[i];
          continue when person is null;
          if people < ${sql.lit(PEOPLE_NOTED_AT_MOST)} then
            entry := tg_argv[0] || ':' || (row_image ->> 'program_id') || ':' || person;
          else
            entry := tg_argv[0] || '_all:' || (row_image ->> 'program_id');
          end if;
          if position(' ' || entry || ' ' in noted) = 0 then
            noted := noted || ' ' || entry || ' ';
            people := people + 1;
          end if;
        end loop;
      end loop;
      if noted <> before then
        perform set_config('change_versions.noted', noted, true);
        perform set_config('change_versions.people_noted', people::text, true);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function person_versions_moved() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(CHANGE_VERSIONS_CHANNEL)}, tg_argv[0] || '/' || new.employee_id || ':' || new.program_id);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger ${sql.id(`${name}_version_moved`)} after insert or update on ${sql.table(`${name}_version`)}
    for each row execute function person_versions_moved(${sql.lit(name)})`.execute(db);
  await watchPersonVersion(db, name, watched);
}

/** Makes `<name>_version` (made by `addPersonVersion`) move at changes to `watched` too: a person's own reads came to draw on them. */
export async function watchPersonVersion(db: Kysely<any>, name: string, watched: readonly PersonWatched[]) {
  for (const [table, watches] of byTable(watched)) {
    for (const { columns, people } of watches) {
      await sql`
        create trigger ${sql.id(`${table}_${name}_noted_${people.join("_")}`)} after ${changesOf(columns)} on ${sql.table(table)}
        for each row execute function person_versions_noted(${sql.join([name, ...people].map((arg) => sql.lit(arg)))})`.execute(db);
    }
    const everyUpdate = watches.some(({ columns }) => !columns?.length);
    await sql`
      create constraint trigger ${sql.id(`${table}_${name}_changed`)} after ${changesOf(everyUpdate ? undefined : [...new Set(watches.flatMap(({ columns }) => columns!))])} on ${sql.table(table)}
      deferrable initially deferred for each row execute function ${sql.id(`${name}_changed`)}()`.execute(db);
  }
}

/** Undoes `watchPersonVersion`. */
export async function unwatchPersonVersion(db: Kysely<any>, name: string, watched: readonly PersonWatched[]) {
  for (const [table, watches] of byTable(watched)) {
    for (const { people } of watches) await sql`drop trigger ${sql.id(`${table}_${name}_noted_${people.join("_")}`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger ${sql.id(`${table}_${name}_changed`)} on ${sql.table(table)}`.execute(db);
  }
}

/** Undoes `addPersonVersion`. */
export async function dropPersonVersion(db: Kysely<any>, name: string, watched: readonly PersonWatched[]) {
  await unwatchPersonVersion(db, name, watched);
  await sql`drop function ${sql.id(`${name}_changed`)}()`.execute(db);
  await db.schema.dropTable(`${name}_version`).execute();
  await dropChangeVersion(db, `${name}_all`, []);
}

function byTable(watched: readonly PersonWatched[]) {
  const tables = new Map<string, PersonWatched[]>();
  for (const watch of watched) tables.set(watch.table, [...(tables.get(watch.table) ?? []), watch]);
  return tables;
}
