import { escapeLike } from "~/modules/db/like";
import { sql } from "kysely";
import { z } from "zod";
import type { ProgramDb } from "~/modules/db/program-db.server";

/** The people this employee may act for, by name. */
export async function delegatorsOf(db: ProgramDb, delegateId: number) {
  return db
    .selectFrom("employee_delegate")
    .innerJoin("employee", "employee.id", "employee_delegate.delegator_id")
    .select(["employee.id", "employee.display_name as displayName"])
    .where("employee_delegate.delegate_id", "=", delegateId)
    .where("employee.active", "=", true)
    .orderBy("employee.display_name")
    .execute();
}

export async function isDelegatorOf(db: ProgramDb, delegateId: number, delegatorId: number) {
  const row = await db
    .selectFrom("employee_delegate")
    .select("delegator_id")
    .where("delegate_id", "=", delegateId)
    .where("delegator_id", "=", delegatorId)
    .executeTakeFirst();
  return Boolean(row);
}

export const EMPLOYEE_SEARCH_MIN = 3;

/** The admin's delegate lookup: active employees whose name, username or e-mail contains the text. */
export async function searchEmployees(db: ProgramDb, text: string) {
  const pattern = `%${escapeLike(text.trim().toLowerCase())}%`;
  return db
    .selectFrom("employee")
    .select(["id", "display_name as displayName", "login_id as loginId", "job_title as jobTitle"])
    .where("active", "=", true)
    .where((eb) =>
      eb.or([eb(sql`lower(display_name)`, "like", pattern), eb(sql`lower(login_id)`, "like", pattern), eb(sql`lower(email)`, "like", pattern)]),
    )
    .orderBy("display_name")
    .limit(10)
    .execute();
}

/** The delegate's choice and their own password, posted to /delegation. */
export const DelegateSchema = z.object({
  delegatorId: z.coerce.number({ error: "Choose whom to act for" }).int().positive("Choose whom to act for"),
  password: z.string().max(200).default(""),
});
