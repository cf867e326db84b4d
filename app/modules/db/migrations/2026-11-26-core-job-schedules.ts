import { type Kysely } from "kysely";

/** When each recurring job last fired in each program (the job engine keeps its own tables in schema "jobs"). */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("job_schedule")
    .addColumn("program_id", "integer", (c) => c.notNull().references("program.id").onDelete("cascade"))
    .addColumn("schedule", "text", (c) => c.notNull())
    .addColumn("last_fired_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("job_schedule_pk", ["program_id", "schedule"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("job_schedule").execute();
}
