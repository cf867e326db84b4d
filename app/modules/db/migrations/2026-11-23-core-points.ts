import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("points_account")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("account_key", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("employee_id", "integer", (c) => c.references("employee.id").onDelete("restrict"))
    .addColumn("balance", "integer", (c) => c.notNull().defaultTo(0).check(sql`balance >= 0`))
    .addUniqueConstraint("points_account_key_unique", ["program_id", "account_key"])
    .execute();

  await db.schema
    .createTable("points_transfer")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("reference", "text")
    .addColumn("actor_employee_id", "integer", (c) => c.references("employee.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("points_transfer_idempotency_unique", ["program_id", "idempotency_key"])
    .execute();

  await db.schema
    .createTable("points_entry")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("transfer_id", "integer", (c) => c.notNull().references("points_transfer.id").onDelete("restrict"))
    .addColumn("account_id", "integer", (c) => c.notNull().references("points_account.id").onDelete("restrict"))
    .addColumn("amount", "integer", (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn("balance_after", "integer", (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("points_entry_account_idx").on("points_entry").columns(["program_id", "account_id", "id"]).execute();

  await db.schema
    .createTable("redeem_code")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("points", "integer", (c) => c.notNull().check(sql`points > 0`))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("active", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("redeemed_by", "integer", (c) => c.references("employee.id").onDelete("set null"))
    .addColumn("redeemed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("redeem_code_unique", ["program_id", "code"])
    .execute();
  await db.schema.createIndex("redeem_code_source_idx").on("redeem_code").columns(["program_id", "source"]).execute();
}

export async function down(db: Kysely<any>) {
  for (const table of ["redeem_code", "points_entry", "points_transfer", "points_account"]) {
    await db.schema.dropTable(table).execute();
  }
}
