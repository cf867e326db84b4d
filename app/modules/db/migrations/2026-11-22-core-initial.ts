import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("program")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("subdomain", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("employee")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("login_id", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("display_name", "text", (c) => c.notNull())
    .addColumn("job_title", "text")
    .addColumn("employee_type", "text", (c) => c.notNull().defaultTo("EMPLOYEE"))
    .addColumn("parent_employee_id", "integer", (c) => c.references("employee.id").onDelete("set null"))
    .addColumn("password_hash", "text")
    .addColumn("must_change_password", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("permissions", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("welcome_post_hidden", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("welcome_post_initial_date", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index employee_login_unique on employee (program_id, lower(login_id))`.execute(db);
  await sql`create unique index employee_email_unique on employee (program_id, lower(email)) where email is not null`.execute(db);
  await db.schema.createIndex("employee_parent_idx").on("employee").columns(["program_id", "parent_employee_id"]).execute();

  await db.schema
    .createTable("employee_group")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("bucket", "text", (c) => c.notNull())
    .addUniqueConstraint("employee_group_name_unique", ["program_id", "name"])
    .execute();

  await db.schema
    .createTable("employee_group_member")
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.notNull().references("employee_group.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull().references("employee.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("employee_group_member_pk", ["group_id", "employee_id"])
    .execute();

  await db.schema
    .createTable("segment")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("segment_type", "text", (c) => c.notNull())
    .addColumn("enabled", "boolean", (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint("segment_name_unique", ["program_id", "name"])
    .execute();

  await db.schema
    .createTable("employee_segment")
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("segment_id", "integer", (c) => c.notNull().references("segment.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull().references("employee.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("employee_segment_pk", ["segment_id", "employee_id"])
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("data", "jsonb", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("session_expires_idx").on("session").column("expires_at").execute();
}

export async function down(db: Kysely<any>) {
  for (const table of ["session", "employee_segment", "segment", "employee_group_member", "employee_group", "employee", "program"]) {
    await db.schema.dropTable(table).execute();
  }
}
