import { sql, type Kysely } from "kysely";
import { noteChanges } from "~/modules/db/change-versions";

/** An employee's columns the feed shows beside what they wrote, or ranks them by. */
const DRAWN = ["display_name", "first_name", "last_name", "avatar_asset_id", "active", "preferences"];

/** Moves the feed's version at an update of `columns` of a person (their rows come and go with their posts). */
async function watchPeople(db: Kysely<any>, columns: string[]) {
  await sql`drop trigger employee_moments_feed_noted on employee`.execute(db);
  await sql`drop trigger employee_moments_feed_changed on employee`.execute(db);
  await noteChanges(db, "moments_feed", "employee", columns, { inserts: false, deletes: false });
  await sql`
    create constraint trigger employee_moments_feed_changed after update of ${sql.join(columns.map((column) => sql.id(column)))} on employee
    deferrable initially deferred for each row execute function moments_feed_changed()`.execute(db);
}

/**
 * The feed no longer reads people's job titles, which it never showed (decision 126): a new title
 * (an HR import changes many) no longer moves its version, so every process keeps its pages.
 */
export async function up(db: Kysely<any>) {
  await watchPeople(db, DRAWN);
}

export async function down(db: Kysely<any>) {
  await watchPeople(db, [...DRAWN, "job_title"]);
}
