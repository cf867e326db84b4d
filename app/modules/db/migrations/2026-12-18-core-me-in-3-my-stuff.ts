import { sql, type Kysely } from "kysely";
import { referenceWithinProgram } from "../program-keys";

const references = [
  { table: "me_in_3_picture", column: "employee_id", references: "employee", onDelete: "cascade" },
  { table: "me_in_3_picture", column: "asset_id", references: "asset", onDelete: "cascade" },
  { table: "my_stuff_item", column: "employee_id", references: "employee", onDelete: "cascade" },
] as const;

/**
 * A person's Me In 3 (three pictures, each of a category of the program's, with a caption) and
 * My Stuff (favourite things, each an item of a category). Categories and items are the
 * program's configuration, named here by their ids (decision 071).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("me_in_3_picture")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull())
    .addColumn("slot", "smallint", (c) => c.notNull().check(sql`slot between 1 and 3`))
    .addColumn("category_id", "text", (c) => c.notNull())
    .addColumn("caption", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("asset_id", "uuid", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("me_in_3_picture_slot", ["program_id", "employee_id", "slot"])
    .execute();

  await db.schema
    .createTable("my_stuff_item")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("employee_id", "integer", (c) => c.notNull())
    .addColumn("category_id", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("my_stuff_item_once", ["program_id", "employee_id", "category_id", "item_id"])
    .execute();
  for (const reference of references) await referenceWithinProgram(db, reference);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("my_stuff_item").execute();
  await db.schema.dropTable("me_in_3_picture").execute();
}
