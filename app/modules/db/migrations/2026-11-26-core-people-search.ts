import { sql, type Kysely } from "kysely";

/** Word-prefix search of people (the recipient lookup), an employee's privacy preferences and avatar. */
export async function up(db: Kysely<any>) {
  for (const column of ["first_name", "last_name", "display_name", "email"]) {
    await sql`create index ${sql.raw(`employee_${column}_prefix_idx`)} on employee (program_id, lower(${sql.ref(column)}) text_pattern_ops)`.execute(db);
  }
  await sql`create index employee_group_name_prefix_idx on employee_group (program_id, lower(name) text_pattern_ops)`.execute(db);
  await db.schema
    .alterTable("employee")
    .addColumn("preferences", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("avatar_asset_id", "uuid", (c) => c.references("asset.id").onDelete("set null"))
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("employee").dropColumn("preferences").dropColumn("avatar_asset_id").execute();
  for (const column of ["first_name", "last_name", "display_name", "email"]) await db.schema.dropIndex(`employee_${column}_prefix_idx`).execute();
  await db.schema.dropIndex("employee_group_name_prefix_idx").execute();
}
