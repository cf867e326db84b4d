import { sql } from "kysely";
import { personColumns, toPersonOption } from "~/modules/people/lookup.server";
import type { GroupName, PersonOption } from "~/modules/people/people";
import { assetSource } from "~/modules/storage/asset-source";
import { keysetPage } from "~/utils/keyset-page";
import type { FeedAccess } from "./guards.server";
import { enabledReactions, postTypeOf } from "./options";
import { USER_POST_KIND } from "./posts.server";
import { COMMENTS_SHOWN, FEED_PAGE_SIZE } from "./rules";
import type { SocialStatus } from "./schema";

export interface FeedComment {
  id: number;
  text: string;
  author: PersonOption;
  created: string;
  edited: boolean;
  status: SocialStatus;
  mine: boolean;
}

export interface FeedMention {
  id: number;
  person: PersonOption;
  points: number | null;
  groupNames: GroupName[];
  /** Points others added by amplifying this mention. */
  ampPoints: number;
  ampedByViewer: boolean;
}

/** One feed item as a page draws it (the spec's Feed item: post, comments, reactions, mentions with amps, and what the viewer may do). */
export interface FeedPost {
  id: number;
  kind: string;
  foreignId: string;
  data: Record<string, unknown>;
  created: string;
  edited: boolean;
  author: PersonOption | null;
  status: SocialStatus;
  mine: boolean;
  mentions: FeedMention[];
  hashtags: { tag: string; name: string }[];
  reactions: { counts: Record<number, number>; total: number; viewer: number | null };
  comments: FeedComment[];
  commentCount: number;
  viewerComment: { id: number; text: string } | null;
  canAddLike: boolean;
  canAddComment: boolean;
  canAmplify: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canReport: boolean;
}

export interface FeedQuery {
  /** Items older than this id (the cursor of the page before). */
  before?: number;
  /** Only items by members of this segment. */
  segment?: number;
  /** Only posts with this hashtag key. */
  tag?: string;
  /** Only this item, with every comment (the post page). */
  only?: number;
}

/** Items of the kinds this program shows, newest first, keyset-paged by id (never OFFSET). */
function itemsQuery(access: FeedAccess, query: FeedQuery) {
  const kinds = [USER_POST_KIND, ...access.registry.feedItemKinds(access.viewer.tenant).filter((kind) => kind !== USER_POST_KIND)];
  return access.db
    .selectFrom("feed_item")
    .leftJoin("post", "post.id", "feed_item.id")
    .leftJoin("employee as author", "author.id", "feed_item.author_id")
    .leftJoin("asset as picture", "picture.id", "post.image_asset_id")
    .leftJoin("asset as clip", "clip.id", "post.video_asset_id")
    .select([
      "feed_item.id",
      "feed_item.kind",
      "feed_item.foreign_id",
      "feed_item.data",
      "feed_item.created_at",
      "feed_item.author_id",
      "post.text",
      "post.status",
      "post.edited_at",
      "post.allow_amplify",
      "post.image_alt",
      "picture.id as picture_id",
      "picture.name as picture_name",
      "picture.width as picture_width",
      "picture.height as picture_height",
      "clip.id as clip_id",
      "clip.name as clip_name",
      "clip.content_type as clip_type",
      "author.display_name as author_display_name",
      "author.first_name as author_first_name",
      "author.last_name as author_last_name",
      "author.job_title as author_job_title",
      "author.avatar_asset_id as author_avatar_asset_id",
    ])
    .where("feed_item.kind", "in", kinds)
    .where((eb) => eb.or([eb("post.status", "is", null), eb("post.status", "!=", "DENIED")]))
    .$if(query.before !== undefined, (q) => q.where("feed_item.id", "<", query.before!))
    .$if(query.only !== undefined, (q) => q.where("feed_item.id", "=", query.only!))
    .$if(query.segment !== undefined, (q) =>
      q.where("feed_item.author_id", "in", access.db.selectFrom("employee_segment").select("employee_id").where("segment_id", "=", query.segment!)),
    )
    .$if(query.tag !== undefined, (q) => q.where("feed_item.id", "in", access.db.selectFrom("post_hashtag").select("post_id").where("tag", "=", query.tag!)))
    .orderBy("feed_item.id", "desc")
    .limit(FEED_PAGE_SIZE + 1);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemsQuery>["execute"]>>[number];

/** A post's picture as its card draws it. */
export interface PostPicture {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
}

/** A post's video as its card plays it. */
export interface PostVideo {
  src: string;
  contentType: string;
}

function videoOf(item: ItemRow): PostVideo | null {
  if (!item.clip_id || !item.clip_name || !item.clip_type) return null;
  return { src: assetSource(item.clip_id, item.clip_name), contentType: item.clip_type };
}

function pictureOf(item: ItemRow): PostPicture | null {
  if (!item.picture_id || !item.picture_name) return null;
  return { src: assetSource(item.picture_id, item.picture_name), alt: item.image_alt ?? "", width: item.picture_width, height: item.picture_height };
}

/** A page of the feed: at most 5 items, and the cursor of the next page (null on the last). */
export async function feedPage(access: FeedAccess, query: FeedQuery = {}) {
  const rows = await itemsQuery(access, query).execute();
  const page = keysetPage(rows, FEED_PAGE_SIZE, (row) => row, (row) => row.id);
  return { posts: await withDetails(access, page.items, query.only !== undefined), next: page.next };
}

/** One item with all its comments, or null when it is not in this program's feed (or was removed). */
export async function feedPost(access: FeedAccess, id: number) {
  const { posts } = await feedPage(access, { only: id });
  return posts[0] ?? null;
}

async function withDetails(access: FeedAccess, items: ItemRow[], allComments: boolean): Promise<FeedPost[]> {
  if (items.length === 0) return [];
  const { db, viewer } = access;
  const ids = items.map((item) => item.id);
  const me = viewer.employee.id;
  const [mentions, hashtags, reactions, comments] = await Promise.all([
    db
      .selectFrom("post_mention")
      .innerJoin("employee", "employee.id", "post_mention.employee_id")
      .select([
        "post_mention.id as mention_id",
        "post_mention.post_id",
        "post_mention.points",
        "post_mention.group_names",
        ...personColumns,
        (eb) => eb.selectFrom("post_amp").select(sql<number>`coalesce(sum(points), 0)::int`.as("sum")).whereRef("post_amp.mention_id", "=", "post_mention.id").as("amp_points"),
        (eb) =>
          eb
            .exists(eb.selectFrom("post_amp").select("post_amp.id").whereRef("post_amp.mention_id", "=", "post_mention.id").where("post_amp.employee_id", "=", me))
            .as("amped_by_viewer"),
      ])
      .where("post_mention.post_id", "in", ids)
      .orderBy("post_mention.id")
      .execute(),
    db.selectFrom("post_hashtag").select(["post_id", "tag", "name"]).where("post_id", "in", ids).orderBy("created_at").orderBy("tag").execute(),
    db
      .selectFrom("post_reaction")
      .select(["post_id", "reaction_type", sql<number>`count(*)::int`.as("count"), sql<boolean>`bool_or(employee_id = ${me})`.as("mine")])
      .where("post_id", "in", ids)
      .groupBy(["post_id", "reaction_type"])
      .execute(),
    // The shown comments, each post's comment count, and the viewer's own comment, in one pass.
    db
      .selectFrom((eb) =>
        eb
          .selectFrom("post_comment")
          .select((inner) => [
            "post_comment.id",
            "post_comment.post_id",
            "post_comment.employee_id",
            "post_comment.text",
            "post_comment.status",
            "post_comment.created_at",
            "post_comment.edited_at",
            inner.fn.agg<number>("row_number").over((over) => over.partitionBy("post_comment.post_id").orderBy("post_comment.id", "desc")).as("position"),
            sql<number>`(count(*) over (partition by post_comment.post_id))::int`.as("total"),
          ])
          .where("post_comment.post_id", "in", ids)
          .where("post_comment.status", "!=", "DENIED")
          .as("ranked"),
      )
      .innerJoin("employee", "employee.id", "ranked.employee_id")
      .select(["ranked.id as comment_id", "ranked.post_id", "ranked.text", "ranked.status", "ranked.created_at", "ranked.edited_at", "ranked.position", "ranked.total", ...personColumns])
      .$if(!allComments, (q) => q.where((eb) => eb.or([eb("ranked.position", "<=", COMMENTS_SHOWN), eb("ranked.employee_id", "=", me)])))
      .orderBy("ranked.id", "desc")
      .execute(),
  ]);

  const anyReaction = enabledReactions(access.options).length > 0;
  const canGive = viewer.employee.permissions.canGiveDiscretionaryPoints;
  return items.map((item): FeedPost => {
    const type = postTypeOf(access.options, item.kind);
    const status = (item.status ?? "PUBLISHED") as SocialStatus;
    const flagged = status === "FLAGGED";
    const mine = item.author_id === me;
    const itsMentions = mentions
      .filter((row) => row.post_id === item.id)
      .map((row) => ({
        id: row.mention_id,
        person: toPersonOption(row),
        points: row.points,
        groupNames: row.group_names,
        ampPoints: row.amp_points ?? 0,
        ampedByViewer: Boolean(row.amped_by_viewer),
      }));
    const hasPoints = itsMentions.some((mention) => mention.points !== null);
    const soleMention = itsMentions.length === 1 && itsMentions[0]!.person.id === me;
    const ampsAllowed = item.kind === "birthday" || item.kind === "anniversary" ? type.ampsEnabled : type.ampsEnabled || item.allow_amplify === true;
    const itsReactions = reactions.filter((row) => row.post_id === item.id);
    const itsComments = comments.filter((row) => row.post_id === item.id);
    const viewerComment = itsComments.find((row) => row.id === me);
    return {
      id: item.id,
      kind: item.kind,
      foreignId: item.foreign_id,
      // A post's text is its body, drawn by its kind's component like any published item's data.
      data: item.kind === USER_POST_KIND ? { text: item.text ?? "", picture: pictureOf(item), video: videoOf(item) } : item.data,
      created: item.created_at.toISOString(),
      edited: item.edited_at !== null,
      author:
        item.author_id !== null && item.author_display_name !== null
          ? toPersonOption({
              id: item.author_id,
              display_name: item.author_display_name,
              first_name: item.author_first_name ?? "",
              last_name: item.author_last_name ?? "",
              job_title: item.author_job_title,
              avatar_asset_id: item.author_avatar_asset_id,
            })
          : null,
      status,
      mine,
      mentions: itsMentions,
      hashtags: hashtags.filter((row) => row.post_id === item.id).map(({ tag, name }) => ({ tag, name })),
      reactions: {
        counts: Object.fromEntries(itsReactions.map((row) => [row.reaction_type, row.count])),
        total: itsReactions.reduce((sum, row) => sum + row.count, 0),
        viewer: itsReactions.find((row) => row.mine)?.reaction_type ?? null,
      },
      comments: itsComments
        .filter((row) => allComments || row.position <= COMMENTS_SHOWN)
        .map((row) => ({
          id: row.comment_id,
          text: row.text,
          author: toPersonOption(row),
          created: row.created_at.toISOString(),
          edited: row.edited_at !== null,
          status: row.status,
          mine: row.id === me,
        })),
      commentCount: itsComments[0]?.total ?? 0,
      viewerComment: viewerComment ? { id: viewerComment.comment_id, text: viewerComment.text } : null,
      canAddLike: access.canRespond && !flagged && type.likesEnabled && anyReaction,
      canAddComment: access.canRespond && !flagged && type.commentsEnabled,
      canAmplify: canGive && !flagged && !mine && !soleMention && hasPoints && ampsAllowed,
      canEdit: mine && !flagged && item.kind === USER_POST_KIND && !hasPoints,
      canDelete: mine && item.kind === USER_POST_KIND,
      canReport: !mine && item.kind === USER_POST_KIND && status === "PUBLISHED",
    };
  });
}
