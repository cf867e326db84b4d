import type { Kysely } from "kysely";
import { addChangeVersion, dropChangeVersion, type Watched } from "../change-versions";

/**
 * What the signed-in person's row (readCurrentEmployee) is drawn from: their own columns, their
 * active direct reports, whether anyone made them a delegate, their unread notifications. A
 * process keeps each person's row until this version moves (decision 091).
 */
const drawnFrom: Watched[] = [
  { table: "employee", columns: ["login_id", "display_name", "first_name", "last_name", "job_title", "employee_type", "must_change_password", "permissions", "preferences", "sessions_valid_after", "active", "parent_employee_id"] },
  { table: "employee_delegate" },
  { table: "notification", columns: ["employee_id", "is_read"] },
];

export async function up(db: Kysely<any>) {
  await addChangeVersion(db, "viewer", drawnFrom);
}

export async function down(db: Kysely<any>) {
  await dropChangeVersion(db, "viewer", drawnFrom);
}
