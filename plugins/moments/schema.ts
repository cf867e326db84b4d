import type { ColumnType, Generated } from "kysely";
import type { GroupName } from "~/modules/people/people";

/** FLAGGED: reported, waiting for a moderator; APPROVED and DENIED: a moderator's decision (DENIED items are not shown). */
export type SocialStatus = "PUBLISHED" | "FLAGGED" | "APPROVED" | "DENIED";

type Created = ColumnType<Date, Date | string | undefined, never>;

export interface PostTable {
  /** The feed item's id (kind userGenerated). */
  id: number;
  program_id: number;
  text: string;
  status: Generated<SocialStatus>;
  allow_amplify: Generated<boolean>;
  edited_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The post's picture (an asset of its program), and what it shows, for people who cannot see it. */
  image_asset_id: string | null;
  image_alt: Generated<string>;
  /** Or its video (a post has one attachment). */
  video_asset_id: string | null;
  /** Or its link, by the preview it was posted with. */
  link_preview_id: number | null;
  /** Or a GIPHY GIF, and its title. */
  gif_id: string | null;
  gif_title: Generated<string>;
}

export interface PostMentionTable {
  id: Generated<number>;
  program_id: number;
  post_id: number;
  employee_id: number;
  /** Points given with the mention (a points mention), or null for a plain mention. */
  points: number | null;
  group_names: ColumnType<GroupName[], string | undefined, string>;
  created_at: Created;
}

export interface PostHashtagTable {
  program_id: number;
  post_id: number;
  /** The comparison key (hashtagKey); `name` keeps the spelling of the first post that used it here. */
  tag: string;
  name: string;
  created_at: Created;
}

export interface BannedHashtagTable {
  program_id: number;
  /** The comparison key (hashtagKey); `name` as the moderator typed it. */
  tag: string;
  name: string;
  banned_by: number | null;
  created_at: Created;
}

export interface PostReactionTable {
  program_id: number;
  post_id: number;
  employee_id: number;
  reaction_type: number;
  created_at: Created;
}

export interface PostCommentTable {
  id: Generated<number>;
  program_id: number;
  post_id: number;
  employee_id: number;
  text: string;
  status: Generated<SocialStatus>;
  created_at: Created;
  edited_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface PostAmpTable {
  id: Generated<number>;
  program_id: number;
  mention_id: number;
  employee_id: number;
  points: number;
  created_at: Created;
}

/** Why a person reports a post or comment (moderation.ts words each). */
export type ReportReason = "OFFENSIVE" | "HARASSMENT" | "SPAM" | "PRIVATE" | "OTHER";

/** A report of a post or comment: open ("new") until a moderator decides on its item ("closed"). */
export interface PostReportTable {
  id: Generated<number>;
  program_id: number;
  post_id: number;
  comment_id: number | null;
  employee_id: number;
  status: Generated<"new" | "closed">;
  reason: ColumnType<ReportReason, ReportReason | undefined, ReportReason>;
  details: Generated<string>;
  created_at: Created;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** HELD: reported by enough people (no actor); APPROVED, DENIED: a moderator's decision; BANNED, ALLOWED: a hashtag's. */
export type ModerationAction = "HELD" | "APPROVED" | "DENIED" | "BANNED" | "ALLOWED";

/** One line of an item's (or a hashtag's) moderation history. */
export interface ModerationEventTable {
  id: Generated<number>;
  program_id: number;
  post_id: number | null;
  comment_id: number | null;
  tag: string | null;
  actor_id: number | null;
  action: ModerationAction;
  /** What the moderator told the author (removals), or why a tag was banned. */
  reason: Generated<string>;
  created_at: Created;
}

export type AdminPostAudience = "ALL" | "SEGMENT" | "GROUPS";
export type AdminPostState = "SCHEDULED" | "PUBLISHED" | "WITHDRAWN";

/** An admin post (the spec's adminGenerated): scheduled until `activates_on`, then a feed item; pinned on top until `pinned_until`. */
export interface AdminPostTable {
  id: Generated<number>;
  program_id: number;
  author_id: number | null;
  title: string;
  /** The spec's isTitleVisible: the title heads the post in the feed, or only names it in the admin list. */
  show_title: boolean;
  text: string;
  audience: AdminPostAudience;
  segment_id: number | null;
  group_ids: ColumnType<number[], string | undefined, string>;
  activates_on: ColumnType<Date, Date | string, Date | string>;
  pinned_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  state: ColumnType<AdminPostState, AdminPostState | undefined, AdminPostState>;
  feed_item_id: number | null;
  /** The composer's key: the same form sent twice is one post. */
  form_key: string | null;
  /** The people it mentions, and the points each is given from its writer's points to give when it is published. */
  mention_ids: ColumnType<number[], string | undefined, string>;
  points_each: number | null;
  created_at: Created;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A person's leaderboard score for one of the program's calendar months ("2026-11") or years ("2026"). */
export interface MomentsScoreTable {
  program_id: number;
  employee_id: number;
  period: string;
  score: number;
}

/** A version of everything the program's feed pages draw, moved at the commit of any change to it (decision 038). */
export interface MomentsFeedVersionTable {
  program_id: number;
  version: string;
}

/** Moved at the commit of any change to reactions and scores (decision 102). */
export interface MomentsActivityVersionTable {
  program_id: number;
  version: string;
}

declare module "~/modules/db/schema" {
  interface Database {
    post: PostTable;
    post_mention: PostMentionTable;
    post_hashtag: PostHashtagTable;
    banned_hashtag: BannedHashtagTable;
    post_reaction: PostReactionTable;
    post_comment: PostCommentTable;
    post_amp: PostAmpTable;
    post_report: PostReportTable;
    moderation_event: ModerationEventTable;
    admin_post: AdminPostTable;
    moments_score: MomentsScoreTable;
    moments_feed_version: MomentsFeedVersionTable;
    moments_activity_version: MomentsActivityVersionTable;
  }
}
