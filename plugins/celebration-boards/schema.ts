import type { ColumnType, Generated } from "kysely";
import type { BoardCategory } from "./categories";

/** OPEN takes contributions (until its closing day); APPROVED is delivered to its recipient and no longer changes. */
export type BoardStatus = "OPEN" | "APPROVED";

export interface CelebrationBoardTable {
  id: Generated<number>;
  program_id: number;
  creator_id: number;
  recipient_id: number;
  category: BoardCategory;
  title: string;
  /** The creator's words at the top of the board. */
  message: string;
  /** The last day contributions are taken (YYYY-MM-DD, the program's calendar). */
  closes_on: ColumnType<string, string, string>;
  status: BoardStatus;
  /** Shared on the Moments feed when approved. */
  shared_on_feed: Generated<boolean>;
  /** The unguessable part of the board's public link (the spec's /celebration-board/public/{id}). */
  public_token: string;
  form_key: string;
  created_at: ColumnType<Date, never, never>;
  approved_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

export interface CelebrationBoardContributorTable {
  id: Generated<number>;
  program_id: number;
  board_id: number;
  employee_id: number;
  invited_at: ColumnType<Date, never, never>;
}

export interface CelebrationBoardContributionTable {
  id: Generated<number>;
  program_id: number;
  board_id: number;
  author_id: number;
  message: string;
  /** A picture of its author's, cropped to the board's 5:4. */
  picture_asset_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module "~/modules/db/schema" {
  interface Database {
    celebration_board: CelebrationBoardTable;
    celebration_board_contributor: CelebrationBoardContributorTable;
    celebration_board_contribution: CelebrationBoardContributionTable;
  }
}
