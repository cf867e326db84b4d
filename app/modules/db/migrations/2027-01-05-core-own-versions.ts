import type { Kysely } from "kysely";
import { moveVersionsInOrder, unwatchChangeVersion, watchChangeVersion } from "../change-versions";
import { addPersonVersion, dropPersonVersion, type PersonWatched } from "../person-versions";

/**
 * What the signed-in person's row and points summary are drawn from, per person (decision 127):
 * their own columns, their active direct reports, whether anyone made them a delegate, their
 * unread notifications, their balances.
 */
const drawnFrom: PersonWatched[] = [
  {
    table: "employee",
    columns: ["login_id", "display_name", "first_name", "last_name", "job_title", "employee_type", "must_change_password", "permissions", "preferences", "sessions_valid_after", "active"],
    people: ["id"],
  },
  { table: "employee", columns: ["active", "parent_employee_id"], people: ["parent_employee_id"] },
  { table: "employee_delegate", people: ["delegate_id"] },
  { table: "notification", columns: ["employee_id", "is_read"], people: ["employee_id"] },
  { table: "points_account", columns: ["balance"], people: ["employee_id"] },
];

/**
 * Each person's own version, and the program's for changes to many people at once: a process
 * keeps each signed-in person's row until a change that concerns them, no longer until anyone's
 * (decision 127). The program's viewer version stops watching notifications: only the row drew on them.
 */
export async function up(db: Kysely<any>) {
  await moveVersionsInOrder(db, "viewer");
  await addPersonVersion(db, "person", drawnFrom);
  await unwatchChangeVersion(db, "viewer", [{ table: "notification" }]);
}

export async function down(db: Kysely<any>) {
  await watchChangeVersion(db, "viewer", [{ table: "notification", columns: ["employee_id", "is_read"] }]);
  await dropPersonVersion(db, "person", drawnFrom);
}
