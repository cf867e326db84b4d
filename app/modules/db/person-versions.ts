import { sql, type Kysely } from "kysely";
import { CHANGE_VERSIONS_CHANNEL, changesOf, moveVersionsInOrder } from "./change-versions";

/** A table some people's versions draw on: the changes that count, and the columns naming whom each row concerns. */
export interface PersonWatched {
  table: string;
  /** An update counts only when it sets one of these (inserts and deletes always do). */
  columns?: readonly string[];
  /** Columns holding an employee id: each person named, before and after the change, has their version moved. */
  people: readonly string[];
}

/** The name a person's version goes by in a process (`ProgramDb.changeVersion`) and in what moves it notifies. */
export function personVersionName(name: string, employeeId: number) {
  return `${name}/${employeeId}`;
}

/** The table and the person of a name made by `personVersionName`; no person for a program's version. */
export function splitVersionName(versionName: string) {
  const [name, person] = versionName.split("/");
  return { table: `${name}_version`, employeeId: person === undefined ? undefined : Number(person) };
}

/**
 * A version per person, `<name>_version` keyed by program and employee (decision 127): what is
 * kept for one person moves only at a change that concerns them, where a program's version
 * (`addChangeVersion`) moves at anyone's. It moves with the program's versions, in the same order
 * (decision 107: the row triggers note `<name>:<program>:<person>`, the commit moves what was
 * noted), and each move notifies CHANGE_VERSIONS_CHANNEL with `<name>/<person>:<program>`. No
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
  await moveVersionsInOrder(db, name);
  await sql`
    create or replace function person_versions_noted() returns trigger language plpgsql as $$
    declare
      changed jsonb[] := case tg_op when 'INSERT' then array[to_jsonb(new)] when 'DELETE' then array[to_jsonb(old)] else array[to_jsonb(old), to_jsonb(new)] end;
      noted text := coalesce(current_setting('change_versions.noted', true), '');
      row_image jsonb;
      person text;
      entry text;
    begin
      foreach row_image in array changed loop
        for i in 1 .. tg_nargs - 1 loop
          person := row_image ->> tg_argv[i];
          entry := tg_argv[0] || ':' || (row_image ->> 'program_id') || ':' || person;
          if person is not null and position(' ' || entry || ' ' in noted) = 0 then
            noted := noted || ' ' || entry || ' ';
          end if;
        end loop;
      end loop;
      perform set_config('change_versions.noted', noted, true);
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

/** Undoes `addPersonVersion`. */
export async function dropPersonVersion(db: Kysely<any>, name: string, watched: readonly PersonWatched[]) {
  for (const [table, watches] of byTable(watched)) {
    for (const { people } of watches) await sql`drop trigger ${sql.id(`${table}_${name}_noted_${people.join("_")}`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger ${sql.id(`${table}_${name}_changed`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function ${sql.id(`${name}_changed`)}()`.execute(db);
  await db.schema.dropTable(`${name}_version`).execute();
}

function byTable(watched: readonly PersonWatched[]) {
  const tables = new Map<string, PersonWatched[]>();
  for (const watch of watched) tables.set(watch.table, [...(tables.get(watch.table) ?? []), watch]);
  return tables;
}
