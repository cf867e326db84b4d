import type { ColumnType, Generated } from "kysely";
import type { MilestoneEvent } from "./rules";

type Day = ColumnType<string, string, string>;
type CreatedAt = ColumnType<Date, never, never>;
type Moment = ColumnType<Date | null, Date | string | null, Date | string | null>;

/** A milestone the daily job recorded on its day (one per person, kind and day: its foreign id). */
export interface MilestoneTable {
  id: Generated<number>;
  program_id: number;
  employee_id: number;
  event: MilestoneEvent;
  /** The program's milestone type and its label then, for MILESTONE. */
  type_id: string | null;
  type_label: string | null;
  /** Years of service, for ANNIVERSARY. */
  years: number | null;
  day: Day;
  foreign_id: string;
  /** Its post on the feed, when the celebrant allows one. */
  feed_item_id: number | null;
  created_at: CreatedAt;
}

/** A day the daily job finished: a re-run finds it done and creates nothing twice. */
export interface MilestoneDayTable {
  program_id: number;
  day: Day;
  done_at: CreatedAt;
}

/** The spec's personal celebration: a banner for its person on the feed until they close it, and maybe a letter. */
export interface PersonalCelebrationTable {
  id: Generated<number>;
  program_id: number;
  employee_id: number;
  milestone_id: number | null;
  style: number;
  text_line1: string;
  text_line2: string | null;
  text_line3: string | null;
  text_line4: string | null;
  text_line5: string | null;
  /** The letter (Markdown, stored as an asset). */
  letter_asset_id: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  read_at: Moment;
}

/** The program's default letter for birthdays and for anniversaries. */
export interface MilestoneLetterTable {
  program_id: number;
  event: "BIRTHDAY" | "ANNIVERSARY";
  asset_id: string;
  updated_by: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A person's calendar subscription: the hash of the token its address carries (the token itself is shown once). */
export interface MilestoneCalendarTable {
  program_id: number;
  employee_id: number;
  token_hash: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Moved at the commit of any change to what the upcoming milestones are computed from. */
export interface MilestonesVersionTable {
  program_id: number;
  version: number;
}

declare module "~/modules/db/schema" {
  interface Database {
    milestone: MilestoneTable;
    milestone_day: MilestoneDayTable;
    personal_celebration: PersonalCelebrationTable;
    milestone_letter: MilestoneLetterTable;
    milestone_calendar: MilestoneCalendarTable;
    milestones_version: MilestonesVersionTable;
  }
}
