import { sql, type Kysely } from "kysely";

/**
 * eCards: a program's own designs (an uploaded picture on the eCard canvas) and the library
 * designs it does not offer; a card (its design, message and send date), a row per recipient
 * (their points, their manager's copy, when each read it) and the recipients' replies (one each).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("ecard_design")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("asset_id", "uuid", (c) => c.notNull().references("asset.id"))
    .addColumn("enabled", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_by", "integer", (c) => c.references("employee.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable("ecard_library_hidden")
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("design_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("ecard_library_hidden_pk", ["program_id", "design_id"])
    .execute();

  await db.schema
    .createTable("ecard")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("sender_id", "integer", (c) => c.notNull().references("employee.id").onDelete("cascade"))
    .addColumn("design", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("is_public", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("manager_copy", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("send_on", "date", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('SCHEDULED', 'SENT', 'CANCELLED')`))
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("sent_at", "timestamptz")
    .addUniqueConstraint("ecard_key_unique", ["program_id", "idempotency_key"])
    .execute();
  await db.schema.createIndex("ecard_sender_idx").on("ecard").columns(["program_id", "sender_id", "id"]).execute();
  await db.schema.createIndex("ecard_due_idx").on("ecard").columns(["program_id", "send_on"]).where(sql.ref("status"), "=", "SCHEDULED").execute();

  await db.schema
    .createTable("ecard_recipient")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("ecard_id", "integer", (c) => c.notNull().references("ecard.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull().references("employee.id").onDelete("cascade"))
    .addColumn("points", "integer", (c) => c.check(sql`points is null or points > 0`))
    .addColumn("group_names", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("PENDING").check(sql`status in ('PENDING', 'DELIVERED', 'SKIPPED')`))
    .addColumn("points_paid", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("manager_id", "integer", (c) => c.references("employee.id").onDelete("set null"))
    .addColumn("read_at", "timestamptz")
    .addColumn("manager_read_at", "timestamptz")
    .addUniqueConstraint("ecard_recipient_unique", ["ecard_id", "employee_id"])
    .execute();
  await db.schema.createIndex("ecard_recipient_employee_idx").on("ecard_recipient").columns(["program_id", "employee_id", "ecard_id"]).execute();
  await db.schema.createIndex("ecard_recipient_manager_idx").on("ecard_recipient").columns(["program_id", "manager_id", "ecard_id"]).execute();

  await db.schema
    .createTable("ecard_reply")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("ecard_id", "integer", (c) => c.notNull().references("ecard.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull().references("employee.id").onDelete("cascade"))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz")
    .addUniqueConstraint("ecard_reply_once", ["ecard_id", "employee_id"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("ecard_reply").execute();
  await db.schema.dropTable("ecard_recipient").execute();
  await db.schema.dropTable("ecard").execute();
  await db.schema.dropTable("ecard_library_hidden").execute();
  await db.schema.dropTable("ecard_design").execute();
}
