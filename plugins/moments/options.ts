import { z } from "zod";
import { reactionTypes } from "./rules";

const on = (enabled: boolean) => z.boolean().default(enabled);

/** What a kind of feed item (a socialType) allows: the spec's postTypes entry. */
const postTypeSchema = z.object({
  postsEnabled: on(true),
  likesEnabled: on(true),
  commentsEnabled: on(true),
  ampsEnabled: on(true),
  pointsMentionsEnabled: on(true),
});

const reaction = z.object({ enabled: on(true) }).prefault({});

const count = (fallback: number) => z.number().int().min(1).max(100_000).default(fallback);
const perMinuteAndHour = (perMinute: number, perHour: number) => z.object({ perMinute: count(perMinute), perHour: count(perHour) }).prefault({});

/** How much one person may write on the feed (a person stays far within these; a script does not), and how often the program may post to All Staff. */
const limitsSchema = z
  .object({
    posts: perMinuteAndHour(10, 60),
    comments: perMinuteAndHour(20, 200),
    reactions: perMinuteAndHour(60, 600),
    reports: perMinuteAndHour(5, 20),
    /** People named one by one, across posts. */
    mentions: perMinuteAndHour(50, 200),
    allStaffPostsPerHour: count(5),
  })
  .prefault({});

/**
 * The spec's feed config, from the tenant file under features.moments: whether
 * reports go to moderators and how many hold an item, which reactions exist,
 * and what each kind of post allows. A kind the file does not name gets postTypeSchema's defaults.
 */
export const momentsOptions = z.object({
  moderationEnabled: on(false),
  /** The spec's socialAdminGenEnabled: admin posts are written and shown. */
  adminPostsEnabled: on(true),
  /** How many people must report a post or comment before it is held for moderation for everyone; until then it is hidden from its reporters only. */
  reportsToHold: z.number().int().min(1).max(100).default(3),
  limits: limitsSchema,
  reactions: z
    .object({ like: reaction, love: reaction, celebrate: reaction, wow: reaction, brilliant: reaction })
    .prefault({}),
  postTypes: z
    .object({ userGenerated: postTypeSchema.prefault({}), adminGenerated: postTypeSchema.prefault({}) })
    .catchall(postTypeSchema)
    .prefault({}),
});

export type MomentsOptions = z.infer<typeof momentsOptions>;
export type PostTypeConfig = z.infer<typeof postTypeSchema>;

const defaultPostType = postTypeSchema.parse({});

/** The config of a kind of feed item (socialType). */
export function postTypeOf(options: MomentsOptions, socialType: string): PostTypeConfig {
  return options.postTypes[socialType] ?? defaultPostType;
}

/** The reaction type ids (1 Like ... 5 Brilliant) the program enables. */
export function enabledReactions(options: MomentsOptions): number[] {
  return reactionTypes.filter((type) => options.reactions[type.key].enabled).map((type) => type.id);
}
