import { sql, type Kysely } from "kysely";

/**
 * Service awards: the types a program grants on work anniversaries (a money value, not points),
 * the awards granted, and orders paid by an award instead of points.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("service_award_type")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("years_service", "integer", (c) => c.notNull().check(sql`years_service between 1 and 80`))
    .addColumn("value_cents", "integer", (c) => c.notNull().check(sql`value_cents >= 0`))
    .addColumn("display1", "text")
    .addColumn("display2", "text")
    .addColumn("display3", "text")
    .addColumn("announcement", "text")
    .addColumn("hide_shop_button", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("active", "boolean", (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint("service_award_type_name_unique", ["program_id", "name"])
    .execute();
  await db.schema
    .createTable("service_award")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull().references("employee.id").onDelete("cascade"))
    .addColumn("award_type_id", "integer", (c) => c.notNull().references("service_award_type.id").onDelete("cascade"))
    .addColumn("years_service", "integer", (c) => c.notNull())
    // The day of the anniversary in the program's time zone.
    .addColumn("anniversary", "date", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("OPEN"))
    .addColumn("granted_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("redeemed_at", "timestamptz")
    // One award of a type per person: a job that runs twice, or late, grants it once.
    .addUniqueConstraint("service_award_once", ["program_id", "employee_id", "award_type_id"])
    .execute();
  await db.schema.createIndex("service_award_employee").on("service_award").columns(["program_id", "employee_id", "status"]).execute();
  await db.schema.alterTable("shop_order").addColumn("award_id", "integer", (c) => c.references("service_award.id").onDelete("set null")).execute();
  await sql`alter table shop_order drop constraint shop_order_points_check`.execute(db);
  // Paid by points, or by an award (then no points move).
  await sql`alter table shop_order add constraint shop_order_paid_check check ((award_id is null and points > 0) or (award_id is not null and points = 0))`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`alter table shop_order drop constraint shop_order_paid_check`.execute(db);
  await db.schema.alterTable("shop_order").dropColumn("award_id").execute();
  await sql`alter table shop_order add constraint shop_order_points_check check (points > 0)`.execute(db);
  await db.schema.dropTable("service_award").execute();
  await db.schema.dropTable("service_award_type").execute();
}
