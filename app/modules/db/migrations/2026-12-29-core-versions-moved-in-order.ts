import { sql, type Kysely } from "kysely";
import { moveVersionsInOrder, noteChanges } from "../change-versions";

/**
 * Each watched table's deferred trigger of a version (`<table>_<name>_changed`) without a note yet:
 * the columns an update must touch (none: any), and whether inserts and deletes count.
 */
async function versionTriggers(db: Kysely<any>) {
  const { rows } = await sql<{ table: string; name: string; columns: string[]; inserts: boolean; deletes: boolean }>`
    select c.relname as "table", left(p.proname, -length('_changed')) as name, (t.tgtype & 4) <> 0 as inserts, (t.tgtype & 8) <> 0 as deletes,
      coalesce((select array_agg(a.attname::text order by a.attnum) from pg_attribute a where a.attrelid = t.tgrelid and a.attnum = any(t.tgattr::int2[])), '{}') as columns
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_proc p on p.oid = t.tgfoid
    where t.tgdeferrable and p.proname like '%\\_changed' and t.tgname = c.relname || '_' || p.proname
      and to_regclass(left(p.proname, -length('_changed')) || '_version') is not null
      and not exists (select 1 from pg_trigger n where n.tgrelid = t.tgrelid and n.tgname = c.relname || '_' || left(p.proname, -length('_changed')) || '_noted')
    order by 2, 1`.execute(db);
  return rows;
}

/**
 * Every change version, the core's and the plugins', moves in one order at the commit, by name
 * (decision 107). Each version's deferred triggers moved its own row as they fired, in the order
 * the transaction had changed their tables: one that notified someone and then wrote what another
 * version watches took the viewer's row first, one that did the same two in the other order took
 * it second, and two such commits at once could each wait on the other's row until PostgreSQL
 * ended one of them.
 * Versions made before this get the row triggers that note a change and a function of the new kind.
 */
export async function up(db: Kysely<any>) {
  const triggers = await versionTriggers(db);
  for (const name of new Set(triggers.map((trigger) => trigger.name))) await moveVersionsInOrder(db, name);
  for (const { table, name, columns, inserts, deletes } of triggers) await noteChanges(db, name, table, columns, { inserts, deletes });
}

/** Back to each version moving its own row as its triggers fire. */
export async function down(db: Kysely<any>) {
  const { rows: noted } = await sql<{ table: string; trigger: string }>`
    select c.relname as "table", t.tgname as "trigger" from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
    where p.proname = 'change_version_noted'`.execute(db);
  for (const { table, trigger } of noted) await sql`drop trigger ${sql.id(trigger)} on ${sql.table(table)}`.execute(db);
  const { rows: versions } = await sql<{ name: string }>`
    select left(proname, -length('_changed')) as name from pg_proc
    where proname like '%\\_changed' and to_regclass(left(proname, -length('_changed')) || '_version') is not null`.execute(db);
  for (const { name } of versions) {
    await sql`
      create or replace function ${sql.id(`${name}_changed`)}() returns trigger language plpgsql as $$
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
  }
  await sql`drop function change_versions_move()`.execute(db);
  await sql`drop function change_version_noted()`.execute(db);
}
