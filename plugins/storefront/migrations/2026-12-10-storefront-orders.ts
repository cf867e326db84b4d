import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("shop_order")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull().references("employee.id").onDelete("cascade"))
    // The form's key: the same submit twice is one order. Also the provider's external reference.
    .addColumn("order_key", "text", (c) => c.notNull())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("brand_key", "text", (c) => c.notNull())
    .addColumn("brand_name", "text", (c) => c.notNull())
    .addColumn("utid", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("points", "integer", (c) => c.notNull().check(sql`points > 0`))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("PENDING"))
    // While a process asks the provider: another waits for it rather than asking too.
    .addColumn("claimed_until", "timestamptz")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("failure_reason", "text")
    .addColumn("provider_reference", "text")
    .addColumn("credentials", "jsonb")
    .addColumn("redemption_instructions", "text")
    // The failed order this one resubmits: its own failure is the second (ERROR2).
    .addColumn("resubmit_of", "integer", (c) => c.references("shop_order.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("completed_at", "timestamptz")
    .addUniqueConstraint("shop_order_key_unique", ["program_id", "order_key"])
    .execute();
  await db.schema.createIndex("shop_order_employee").on("shop_order").columns(["program_id", "employee_id", "id"]).execute();
  await db.schema.createIndex("shop_order_status").on("shop_order").columns(["program_id", "status", "id"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("shop_order").execute();
}
