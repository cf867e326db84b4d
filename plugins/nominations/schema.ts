import type { ColumnType, Generated, JSONColumnType } from "kysely";

export type NominationStatus = "PENDING" | "APPROVED" | "DENIED";
export type ApprovalStatus = "PENDING" | "APPROVED" | "DENIED" | "SKIPPED";
/** Who decides a step: the nominee's manager, a program manager, a nomination approver; FALLBACK is a program manager when every step was passed over. */
export type StepKind = "MANAGER" | "PROGRAM_MANAGER" | "NOMINATION_APPROVER" | "FALLBACK";

export interface NominationTable {
  id: Generated<number>;
  program_id: number;
  nominator_id: number;
  nominee_id: number;
  core_value: string;
  core_value_label: string;
  award_level: string;
  award_label: string;
  points: number;
  /** Paid on final approval (a nominee who does not use points is not paid). */
  points_paid: Generated<boolean>;
  /** Where its points come from on final approval: the program's bucket, or the nominator's points to give. */
  points_from: "BUCKET" | "NOMINATOR";
  message: string;
  /** The award level's approval chain when it was made. */
  chain: JSONColumnType<StepKind[], string, string>;
  status: NominationStatus;
  form_key: string;
  created_at: ColumnType<Date, never, never>;
  decided_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  nominee_read_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

export interface NominationApprovalTable {
  id: Generated<number>;
  program_id: number;
  nomination_id: number;
  step: number;
  kind: StepKind;
  /** The person who decides it; null leaves it to every program manager (or nomination approver) who is not a party. */
  approver_id: number | null;
  status: ApprovalStatus;
  decided_by: number | null;
  comment: string | null;
  created_at: ColumnType<Date, never, never>;
  decided_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  /** When its approvers were last reminded that it waits. */
  reminded_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

declare module "~/modules/db/schema" {
  interface Database {
    nomination: NominationTable;
    nomination_approval: NominationApprovalTable;
  }
}
