import { sql, type Kysely } from "kysely";

/** In-app notifications, each employee's channel preferences, and their browsers' push subscriptions. */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("notification")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull().references("employee.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("foreign_id", "text")
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("link", "text")
    .addColumn("is_read", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("dedupe_key", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("notification_dedupe_key", ["program_id", "dedupe_key"])
    .execute();
  await db.schema.createIndex("notification_employee_idx").on("notification").columns(["program_id", "employee_id", "id"]).execute();
  await sql`create index notification_unread_idx on notification (program_id, employee_id) where not is_read`.execute(db);

  await db.schema
    .createTable("notification_preference")
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull().references("employee.id").onDelete("cascade"))
    .addColumn("channel", "text", (c) => c.notNull().check(sql`channel in ('EMAIL', 'SMS', 'PUSH')`))
    .addColumn("enabled", "boolean", (c) => c.notNull())
    .addColumn("flags", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addPrimaryKeyConstraint("notification_preference_pk", ["program_id", "employee_id", "channel"])
    .execute();

  await db.schema
    .createTable("push_subscription")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull().references("employee.id").onDelete("cascade"))
    .addColumn("endpoint", "text", (c) => c.notNull())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("push_subscription_endpoint_key", ["program_id", "endpoint"])
    .execute();
}

export async function down(db: Kysely<any>) {
  for (const table of ["push_subscription", "notification_preference", "notification"]) await db.schema.dropTable(table).execute();
}
