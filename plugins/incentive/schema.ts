import type { ColumnType, Generated } from "kysely";
import type { IncentiveColor, IncentiveIcon, SubmissionType } from "./rules";

/** The spec's incentiveStatus: ACTIVE takes submissions (between its days), PAUSED does not until resumed. */
export type IncentiveStatus = "ACTIVE" | "PAUSED";
export type RewardType = "POINT_AMOUNT" | "OTHER";
export type RewardPointType = "SET_POINT" | "VARIABLE_POINT";
export type SubmissionStatus = "PENDING" | "APPROVED" | "DENIED";

/** One of the spec's submissionOptions: a type, whether it is asked, and the creator's question for a short answer or a number. */
export interface SubmissionOption {
  type: SubmissionType;
  enabled: boolean;
  text: string;
}

export interface IncentiveTable {
  id: Generated<number>;
  program_id: number;
  created_by: number;
  icon: IncentiveIcon | null;
  color: IncentiveColor | null;
  title: string;
  description: string;
  /** The first and last days it takes submissions (YYYY-MM-DD, the program's calendar). */
  start_date: ColumnType<string, string, string>;
  end_date: ColumnType<string, string, string>;
  reward_type: RewardType | null;
  reward_point_type: RewardPointType | null;
  /** A set reward's points, or a variable one's points per `quantity`. */
  points_amount: number | null;
  quantity: number | null;
  reward_description: Generated<string>;
  /** Submissions a person may make, pending or approved; -1 is no limit; null until the reward step is saved. */
  participation_limit: number | null;
  submission_instructions: Generated<string>;
  submission_options: ColumnType<SubmissionOption[], string, string>;
  /** Every active person of the program takes part; otherwise those of incentive_participant. Null until chosen. */
  all_eligible_staff: boolean | null;
  status: IncentiveStatus;
  /** Null while it is a draft its steps are still filling; set once when it is created for real. */
  published_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When it was ended early (the spec's end: its last day becomes today, and it is over). */
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  form_key: string;
  created_at: ColumnType<Date, never, never>;
}

export interface IncentivePersonTable {
  id: Generated<number>;
  program_id: number;
  incentive_id: number;
  employee_id: number;
}

export interface IncentiveSubmissionTable {
  id: Generated<number>;
  program_id: number;
  incentive_id: number;
  employee_id: number;
  /** The answers, one per option asked: a text, a number as typed, a link, a date and time, or a picture's asset id. */
  answers: ColumnType<Partial<Record<SubmissionType, string>>, string, string>;
  status: SubmissionStatus;
  reviewer_id: ColumnType<number | null, number | null | undefined, number | null>;
  review_comment: Generated<string>;
  /** The points its approval paid (0 for a reward of another kind, or for someone who does not use points). */
  points_paid: ColumnType<number | null, number | null | undefined, number | null>;
  form_key: string;
  created_at: ColumnType<Date, never, never>;
  reviewed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

declare module "~/modules/db/schema" {
  interface Database {
    incentive: IncentiveTable;
    incentive_participant: IncentivePersonTable;
    incentive_approver: IncentivePersonTable;
    incentive_submission: IncentiveSubmissionTable;
  }
}
