import type { Kysely } from "kysely";
import { unwatchChangeVersion, watchChangeVersion, type Watched } from "../change-versions";

/** The person's columns the viewer's version watched (the signed-in person's row, decision 091). */
const VIEWER_COLUMNS = ["login_id", "display_name", "first_name", "last_name", "job_title", "employee_type", "must_change_password", "permissions", "preferences", "sessions_valid_after", "active", "parent_employee_id"];
/** What a profile shows of a person besides: their address, their first day, their department, their picture. */
const PROFILE_COLUMNS = ["email", "hire_date", "department", "avatar_asset_id"];
/** What a person's profile and recognition story draw besides people's rows and balances (which move it already). */
const PROFILES: Watched[] = [{ table: "employee_group", columns: ["name"] }, { table: "employee_group_member" }, { table: "wall_item" }, { table: "me_in_3_picture" }, { table: "my_stuff_item" }];

/**
 * What a person's profile and recognition story draw moves the viewer's version (decision 111):
 * each process keeps them with the signed-in people's rows. Most of it comes with a notification
 * (a wall item with its recognition) or is rare (a group, a picture), as for decisions 106 and 110.
 */
export async function up(db: Kysely<any>) {
  await unwatchChangeVersion(db, "viewer", [{ table: "employee" }]);
  await watchChangeVersion(db, "viewer", [{ table: "employee", columns: [...VIEWER_COLUMNS, ...PROFILE_COLUMNS] }, ...PROFILES]);
}

export async function down(db: Kysely<any>) {
  await unwatchChangeVersion(db, "viewer", [{ table: "employee" }, ...PROFILES]);
  await watchChangeVersion(db, "viewer", [{ table: "employee", columns: VIEWER_COLUMNS }]);
}
