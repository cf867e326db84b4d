import type { Kysely } from "kysely";
import { addProgramKey, referenceWithinProgram } from "../program-keys";

const keyed = ["employee", "employee_group", "segment", "points_account", "points_transfer"];

const references = [
  { table: "employee", column: "parent_employee_id", references: "employee", onDelete: "set null" },
  { table: "employee_group_member", column: "group_id", references: "employee_group", onDelete: "cascade" },
  { table: "employee_group_member", column: "employee_id", references: "employee", onDelete: "cascade" },
  { table: "employee_segment", column: "segment_id", references: "segment", onDelete: "cascade" },
  { table: "employee_segment", column: "employee_id", references: "employee", onDelete: "cascade" },
  { table: "points_account", column: "employee_id", references: "employee", onDelete: "restrict" },
  { table: "points_transfer", column: "actor_employee_id", references: "employee", onDelete: "set null" },
  { table: "points_entry", column: "transfer_id", references: "points_transfer", onDelete: "restrict" },
  { table: "points_entry", column: "account_id", references: "points_account", onDelete: "restrict" },
  { table: "redeem_code", column: "redeemed_by", references: "employee", onDelete: "set null" },
  { table: "tenant_settings", column: "updated_by", references: "employee", onDelete: "set null" },
  { table: "tenant_settings_change", column: "employee_id", references: "employee", onDelete: "set null" },
  { table: "password_token", column: "employee_id", references: "employee", onDelete: "cascade" },
  { table: "employee_delegate", column: "delegator_id", references: "employee", onDelete: "cascade" },
  { table: "employee_delegate", column: "delegate_id", references: "employee", onDelete: "cascade" },
  { table: "verification_code", column: "employee_id", references: "employee", onDelete: "cascade" },
] as const;

/** Every reference between program-owned rows stays inside one program (composite keys). */
export async function up(db: Kysely<any>) {
  for (const table of keyed) await addProgramKey(db, table);
  for (const reference of references) await referenceWithinProgram(db, reference);
}
