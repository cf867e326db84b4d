import type { ColumnType, Generated, JSONColumnType } from "kysely";
import type { GroupName } from "~/modules/people/people";

export type EcardStatus = "SCHEDULED" | "SENT" | "CANCELLED";
export type RecipientStatus = "PENDING" | "DELIVERED" | "SKIPPED";

export interface EcardTable {
  id: Generated<number>;
  program_id: number;
  sender_id: number;
  /** A design of the library (designs.ts). */
  design: string;
  message: string;
  is_public: Generated<boolean>;
  manager_copy: Generated<boolean>;
  /** The day it is sent (at 09:00 in the program's time zone when later than the day it was written). */
  send_on: ColumnType<string, string, string>;
  status: EcardStatus;
  idempotency_key: string;
  created_at: ColumnType<Date, never, never>;
  sent_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

export interface EcardRecipientTable {
  id: Generated<number>;
  program_id: number;
  ecard_id: number;
  employee_id: number;
  points: number | null;
  group_names: JSONColumnType<GroupName[], string, string>;
  /** DELIVERED when sent; SKIPPED when they had left by the send date. */
  status: Generated<RecipientStatus>;
  points_paid: Generated<boolean>;
  /** Their manager, copied when the sender asked for it (set when sent). */
  manager_id: number | null;
  read_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  manager_read_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

export interface EcardReplyTable {
  id: Generated<number>;
  program_id: number;
  ecard_id: number;
  employee_id: number;
  text: string;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

/** A design the program uploaded (its picture an asset of the program, on the eCard canvas). */
export interface EcardDesignTable {
  id: Generated<number>;
  program_id: number;
  category: string;
  title: string;
  asset_id: string;
  enabled: Generated<boolean>;
  created_by: number | null;
  created_at: ColumnType<Date, never, never>;
}

/** A library design the program does not offer. */
export interface EcardLibraryHiddenTable {
  program_id: number;
  design_id: string;
}

declare module "~/modules/db/schema" {
  interface Database {
    ecard_design: EcardDesignTable;
    ecard_library_hidden: EcardLibraryHiddenTable;
    ecard: EcardTable;
    ecard_recipient: EcardRecipientTable;
    ecard_reply: EcardReplyTable;
  }
}
