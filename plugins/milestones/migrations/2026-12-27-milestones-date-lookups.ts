import { sql, type Kysely } from "kysely";

/**
 * People found by the dates their milestones fall on (decision 099): the upcoming milestones read
 * a week or a month of them by index ranges of their birthday's and hire date's month and day (as
 * month × 100 + day, one number, so a generic plan still expects a range to be narrow), and
 * the program's own milestones by the hire dates that reach the window. Without them every page of
 * the list, the feed's card and each day's run read every person of the program (27–40 ms at 10,000
 * people, once per change of anyone's name, picture, dates or preferences); the first week's page
 * now reads ~1 ms.
 */
export async function up(db: Kysely<any>) {
  await db.schema.createIndex("employee_birthday_idx").on("employee").expression(sql`program_id, (birth_month * 100 + birth_day)`).execute();
  await db.schema
    .createIndex("employee_hire_day_idx")
    .on("employee")
    .expression(sql`program_id, (date_part('month', hire_date)::integer * 100 + date_part('day', hire_date)::integer)`)
    .execute();
  await db.schema.createIndex("employee_hire_date_idx").on("employee").columns(["program_id", "hire_date"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("employee_hire_date_idx").execute();
  await db.schema.dropIndex("employee_hire_day_idx").execute();
  await db.schema.dropIndex("employee_birthday_idx").execute();
}
