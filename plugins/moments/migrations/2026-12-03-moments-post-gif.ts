import { sql, type Kysely } from "kysely";

/** A post's fourth kind of attachment: a GIPHY GIF (the spec's source 'GIPHY', named by its id), with its title to describe it. */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("post")
    .addColumn("gif_id", "text", (c) => c.check(sql`gif_id ~ '^[A-Za-z0-9]{1,64}$'`))
    .addColumn("gif_title", "text", (c) => c.notNull().defaultTo(sql`''`))
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("post").dropColumn("gif_title").dropColumn("gif_id").execute();
}
