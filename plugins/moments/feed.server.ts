import { sql } from "kysely";
import type { VideoProcessing } from "~/modules/db/schema";
import { personShownColumns, toPersonShown } from "~/modules/people/lookup.server";
import type { GroupName, PersonShown } from "~/modules/people/people";
import { assetSource } from "~/modules/storage/asset-source";
import { linkPreviewColumns, toLinkPreview } from "~/modules/links/link-previews.server";
import { gifSource, type Gif } from "~/modules/gifs/gifs";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { feedItemActions, type FeedItemAction } from "~/modules/shell/extension-points";
import { keysetPage } from "~/utils/keyset-page";
import { bannedHashtags } from "./hashtags.server";
import { hashtagsInText } from "./text-parts";
import { keptForCounts, keptForFeed, keptForViewerRows } from "./feed-cache.server";
import type { FeedAccess } from "./guards.server";
import { enabledReactions, postTypeOf } from "./options";
import { USER_POST_KIND } from "./posts.server";
import { ADMIN_POST_KIND } from "./admin-posts";
import { membershipsOf } from "./admin-posts.server";
import { COMMENTS_SHOWN, FEED_PAGE_SIZE } from "./rules";
import type { SocialStatus } from "./schema";

export interface FeedComment {
  id: number;
  text: string;
  author: PersonShown;
  created: string;
  edited: boolean;
  status: SocialStatus;
  /** Held for moderation, or reported by this viewer: its text is not shown to them. */
  underReview: boolean;
  mine: boolean;
  canReport: boolean;
}

export interface FeedMention {
  id: number;
  person: PersonShown;
  points: number | null;
  groupNames: GroupName[];
  /** Points others added by amplifying this mention. */
  ampPoints: number;
  /** The viewer may add points to it: it carries points, is neither theirs nor the author's, and they have not amplified it yet. */
  amplifiable: boolean;
}

/** One feed item as a page draws it (the spec's Feed item: post, comments, reactions, mentions with amps, and what the viewer may do). */
export interface FeedPost {
  id: number;
  kind: string;
  foreignId: string;
  data: Record<string, unknown>;
  created: string;
  edited: boolean;
  author: PersonShown | null;
  status: SocialStatus;
  /** Held for moderation, or reported by this viewer: its interactions are closed to them. */
  underReview: boolean;
  mine: boolean;
  mentions: FeedMention[];
  /** Its hashtags; a banned one is not `linked` to its page. */
  hashtags: { tag: string; name: string; linked: boolean }[];
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
  /** The viewer moderates the feed: its menu offers to remove it (a post), and each comment's to remove that. */
  canRemove: boolean;
  canRemoveComments: boolean;
  /** What other plugins offer in its menu (the core's feed item actions), for this viewer. */
  actions: { label: string; href: string }[];
  /** An admin post pinned on top of the feed (until its pin expires). */
  pinned: boolean;
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
  /** Removed posts and comments too (a moderator's view). */
  includeRemoved?: boolean;
  /** Only admin posts pinned now (the top of the feed). */
  pinned?: boolean;
}

/** The kinds of item this program's feed shows: its own posts, its admin posts (the spec's socialAdminGenEnabled), and what enabled plugins publish to it. */
function feedKinds(access: FeedAccess) {
  const published = access.registry.feedItemKinds(access.viewer.tenant).filter((kind) => kind !== USER_POST_KIND && (kind !== ADMIN_POST_KIND || access.options.adminPostsEnabled));
  return [USER_POST_KIND, ...published];
}

/**
 * Items of `kinds`, newest first, keyset-paged by id (never OFFSET): with what filters them or says
 * who wrote them and whom they reach. Their pictures, videos and links come with the page's other
 * details, by id (`mediaOf`): with those four joins here PostgreSQL spent 4 ms planning this
 * statement each time the feed's version moved, 0.4 ms without them (decision 100).
 */
function itemsQuery(db: ProgramDb, kinds: string[], query: FeedQuery) {
  // The filters that leave few items join first: the planner keeps a long chain of joins in the
  // order written (join_collapse_limit), and a filter written last ran after the joins below, over
  // the whole feed (a rare hashtag's page took 28 ms at 20,000 posts; now 0.5).
  const filtered = db
    .selectFrom("feed_item")
    .$if(query.tag !== undefined, (q) => q.innerJoin("post_hashtag as tagged", (join) => join.onRef("tagged.post_id", "=", "feed_item.id").on("tagged.tag", "=", query.tag!)))
    .$if(query.segment !== undefined, (q) =>
      q.innerJoin("employee_segment as member", (join) => join.onRef("member.employee_id", "=", "feed_item.author_id").on("member.segment_id", "=", query.segment!)),
    );
  return filtered
    .leftJoin("post", "post.id", "feed_item.id")
    .leftJoin("employee as author", "author.id", "feed_item.author_id")
    .leftJoin("admin_post", "admin_post.feed_item_id", "feed_item.id")
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
      "post.gif_id",
      "post.gif_title",
      "author.display_name as author_display_name",
      "author.first_name as author_first_name",
      "author.last_name as author_last_name",
      "author.avatar_asset_id as author_avatar_asset_id",
      "admin_post.audience",
      "admin_post.segment_id as audience_segment_id",
      "admin_post.group_ids as audience_group_ids",
      "admin_post.pinned_until",
    ])
    .where("feed_item.kind", "in", kinds)
    .$if(!query.includeRemoved, (q) => q.where((eb) => eb.or([eb("post.status", "is", null), eb("post.status", "!=", "DENIED")])))
    .$if(query.before !== undefined, (q) => q.where("feed_item.id", "<", query.before!))
    .$if(query.only !== undefined, (q) => q.where("feed_item.id", "=", query.only!))
    .$if(query.pinned === true, (q) => q.where("admin_post.pinned_until", ">", new Date()))
    .orderBy("feed_item.id", "desc")
    .limit(FEED_PAGE_SIZE + 1);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemsQuery>["execute"]>>[number];

/** The pictures, videos and link previews of the posts `ids`. */
function mediaOf(db: ProgramDb, ids: number[]) {
  return db
    .selectFrom("post")
    .leftJoin("asset as picture", "picture.id", "post.image_asset_id")
    .leftJoin("asset as clip", "clip.id", "post.video_asset_id")
    .leftJoin("link_preview", "link_preview.id", "post.link_preview_id")
    .leftJoin("asset as link_picture", "link_picture.id", "link_preview.image_asset_id")
    .select(linkPreviewColumns)
    .select([
      "post.id as post_id",
      "post.image_alt",
      "picture.id as picture_id",
      "picture.name as picture_name",
      "picture.width as picture_width",
      "picture.height as picture_height",
      "clip.id as clip_id",
      "clip.name as clip_name",
      "clip.content_type as clip_type",
      "clip.processing as clip_processing",
      "clip.width as clip_width",
      "clip.height as clip_height",
    ])
    .where("post.id", "in", ids)
    .where((eb) => eb.or([eb("post.image_asset_id", "is not", null), eb("post.video_asset_id", "is not", null), eb("post.link_preview_id", "is not", null)]))
    .execute();
}

type MediaRow = Awaited<ReturnType<typeof mediaOf>>[number];

/** A post's picture as its card draws it. */
export interface PostPicture {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
}

/** A post's video as its card plays it, once its processing is COMPLETE (spec: videoProcessing). */
export interface PostVideo {
  src: string;
  contentType: string;
  processing: VideoProcessing;
  width: number | null;
  height: number | null;
}

function videoOf(item: MediaRow): PostVideo | null {
  if (!item.clip_id || !item.clip_name || !item.clip_type) return null;
  return {
    src: assetSource(item.clip_id, item.clip_name),
    contentType: item.clip_type,
    processing: item.clip_processing ?? "COMPLETE",
    width: item.clip_width,
    height: item.clip_height,
  };
}

function gifOf(item: ItemRow): Gif | null {
  return item.gif_id ? { id: item.gif_id, title: item.gif_title || "GIF", src: gifSource(item.gif_id), width: null, height: null } : null;
}

function pictureOf(item: MediaRow): PostPicture | null {
  if (!item.picture_id || !item.picture_name) return null;
  return { src: assetSource(item.picture_id, item.picture_name), alt: item.image_alt ?? "", width: item.picture_width, height: item.picture_height };
}

/**
 * A page of the feed: at most 5 items, and the cursor of the next page (null
 * on the last). What every viewer sees alike is kept per feed version, its
 * reaction counts per activity version; what is the viewer's own (reactions,
 * amplifies, comment) is read each time.
 */
export async function feedPage(access: FeedAccess, query: FeedQuery = {}) {
  const kinds = feedKinds(access);
  const read = (which: FeedQuery) => keptForFeed(access, JSON.stringify(["page", kinds, which]), () => readPage(access.db, kinds, which));
  // Admin posts pinned now head the whole feed's first page, and leave its stream while pinned.
  const unfiltered = query.only === undefined && query.tag === undefined && query.segment === undefined && kinds.includes(ADMIN_POST_KIND);
  const [page, pinned] = await Promise.all([read(query), unfiltered ? read({ pinned: true }) : null]);
  const now = Date.now();
  const onTop = pinned ? pinned.items.filter((item) => item.pinned_until !== null && item.pinned_until.getTime() > now) : [];
  const pinnedIds = new Set(onTop.map((item) => item.id));
  const reaches = await reachingViewer(access, [...onTop, ...page.items], query.only !== undefined);
  // What other plugins offer in an item's menu, for this viewer: once a page, each item then keeps those that fit it.
  const actions = access.registry.visibleExtensions(access.viewer, feedItemActions);
  const drawn = async (shared: SharedPage, items: ItemRow[]) => {
    const shown = items.filter(reaches);
    const [own, counts] = await Promise.all([viewerRows(access, { ...shared, items: shown }), reactionCounts(access, shown)]);
    return shown.map((item) => toFeedPost(access, item, shared, own, counts, actions));
  };
  const [top, stream] = await Promise.all([
    pinned && query.before === undefined ? drawn(pinned, onTop) : [],
    drawn(page, page.items.filter((item) => !pinnedIds.has(item.id))),
  ]);
  return { posts: [...top, ...stream], next: page.next };
}

/**
 * Whom an admin post reaches: All Staff, the members of its segment, or of any of its groups;
 * every other item reaches everyone. The writers of admin posts open any of them by its page.
 */
async function reachingViewer(access: FeedAccess, items: readonly ItemRow[], onItsPage: boolean) {
  const addressed = items.some((item) => item.audience !== null && item.audience !== "ALL");
  if (!addressed || (onItsPage && access.viewer.employee.permissions.canCreateAdminSocialPosts === true)) return () => true;
  const { segments, groups } = await membershipsOf(access.db, access.viewer.employee.id);
  return (item: ItemRow) => {
    if (item.audience === "SEGMENT") return item.audience_segment_id !== null && segments.has(item.audience_segment_id);
    if (item.audience === "GROUPS") return (item.audience_group_ids ?? []).some((id) => groups.has(id));
    return true;
  };
}

/** One item with all its comments, or null when it is not in this program's feed (or was removed). */
export async function feedPost(access: FeedAccess, id: number) {
  const { posts } = await feedPage(access, { only: id });
  return posts[0] ?? null;
}

/** One page as every viewer sees it. */
async function readPage(db: ProgramDb, kinds: string[], query: FeedQuery) {
  const [rows, isBanned] = await Promise.all([itemsQuery(db, kinds, query).execute(), bannedHashtags(db)]);
  const { items, next } = keysetPage(rows, FEED_PAGE_SIZE, (row) => row, (row) => row.id);
  const ids = items.map((item) => item.id);
  const [mentions, hashtags, comments, media] = ids.length > 0 ? await detailsOf(db, ids, query.only !== undefined, query.includeRemoved === true) : [[], [], [], []];
  // A banned hashtag, written in a post's text or added to it, is drawn as text, not as a link to its page.
  const unlinkedTags = new Map(items.map((item) => [item.id, item.text ? hashtagsInText(item.text).filter(isBanned) : []]));
  const bannedTags = new Set(hashtags.map((row) => row.tag).filter(isBanned));
  return { items, next, mentions, hashtags, comments, media: new Map(media.map((row) => [row.post_id, row])), unlinkedTags, bannedTags };
}

/** The mentions, hashtags, shown comments and media of the items `ids`. */
function detailsOf(db: ProgramDb, ids: number[], allComments: boolean, removedToo: boolean) {
  return Promise.all([
    db
      .selectFrom("post_mention")
      .innerJoin("employee", "employee.id", "post_mention.employee_id")
      .select([
        "post_mention.id as mention_id",
        "post_mention.post_id",
        "post_mention.points",
        "post_mention.group_names",
        ...personShownColumns,
        (eb) => eb.selectFrom("post_amp").select(sql<number>`coalesce(sum(points), 0)::int`.as("sum")).whereRef("post_amp.mention_id", "=", "post_mention.id").as("amp_points"),
      ])
      .where("post_mention.post_id", "in", ids)
      .orderBy("post_mention.id")
      .execute(),
    db.selectFrom("post_hashtag").select(["post_id", "tag", "name"]).where("post_id", "in", ids).orderBy("created_at").orderBy("tag").execute(),
    // The shown comments with each post's comment count, in one pass.
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
          .$if(!removedToo, (q) => q.where("post_comment.status", "!=", "DENIED"))
          .as("ranked"),
      )
      .innerJoin("employee", "employee.id", "ranked.employee_id")
      .select(["ranked.id as comment_id", "ranked.post_id", "ranked.text", "ranked.status", "ranked.created_at", "ranked.edited_at", "ranked.total", ...personShownColumns])
      .$if(!allComments, (q) => q.where("ranked.position", "<=", COMMENTS_SHOWN))
      .orderBy("ranked.id", "desc")
      .execute(),
    mediaOf(db, ids),
  ]);
}

type SharedPage = Awaited<ReturnType<typeof readPage>>;

type ReactionCount = { post_id: number; reaction_type: number; count: number };

/** Each item's reaction counts by type: kept apart from the page, so a reaction leaves the page kept (decision 102). */
function reactionCounts(access: FeedAccess, items: readonly ItemRow[]): Promise<ReactionCount[]> {
  const ids = items.map((item) => item.id);
  if (ids.length === 0) return Promise.resolve([]);
  return keptForCounts(access, JSON.stringify(["reactions", ids]), () =>
    access.db
      .selectFrom("post_reaction")
      .select(["post_id", "reaction_type", sql<number>`count(*)::int`.as("count")])
      .where("post_id", "in", ids)
      .groupBy(["post_id", "reaction_type"])
      .execute(),
  );
}

/** The viewer's own part of a page, in one statement, kept until a version it draws on moves: their reactions, the mentions they amplified, their comments, their open reports. */
async function viewerRows(access: FeedAccess, page: SharedPage) {
  const me = access.viewer.employee.id;
  const postIds = page.items.map((item) => item.id);
  if (postIds.length === 0) {
    return { reactions: new Map<number, number>(), amped: new Set<number>(), comments: new Map<number, { id: number; text: string }>(), reported: new Set<string>() };
  }
  const { db } = access;
  const mentionIds = page.mentions.map((mention) => mention.mention_id);
  const reactions = db
    .selectFrom("post_reaction")
    .select([sql<string>`'reaction'`.as("what"), "post_id as id", "reaction_type as number", sql<string | null>`null`.as("text")])
    .where("post_id", "in", postIds)
    .where("employee_id", "=", me);
  const comments = db
    .selectFrom("post_comment")
    .select([sql<string>`'comment'`.as("what"), "post_id as id", "id as number", "text"])
    .where("post_id", "in", postIds)
    .where("employee_id", "=", me)
    .where("status", "!=", "DENIED");
  const amps = db
    .selectFrom("post_amp")
    .select([sql<string>`'amp'`.as("what"), "mention_id as id", "mention_id as number", sql<string | null>`null`.as("text")])
    .where("mention_id", "in", mentionIds)
    .where("employee_id", "=", me);
  const reports = db
    .selectFrom("post_report")
    .select([sql<string>`'report'`.as("what"), "post_id as id", sql<number>`coalesce(comment_id, 0)`.as("number"), sql<string | null>`null`.as("text")])
    .where("post_id", "in", postIds)
    .where("employee_id", "=", me)
    .where("status", "=", "new");
  const mine = reactions.unionAll(comments).unionAll(reports);
  const rows = await keptForViewerRows(access, JSON.stringify([me, postIds, mentionIds]), () => (mentionIds.length > 0 ? mine.unionAll(amps) : mine).execute());
  return {
    reactions: new Map(rows.filter((row) => row.what === "reaction").map((row) => [row.id, row.number])),
    amped: new Set(rows.filter((row) => row.what === "amp").map((row) => row.id)),
    comments: new Map(rows.filter((row) => row.what === "comment").map((row) => [row.id, { id: row.number, text: row.text ?? "" }])),
    /** The posts (`<post id>:0`) and comments (`<post id>:<comment id>`) this viewer reported, until a moderator decides. */
    reported: new Set(rows.filter((row) => row.what === "report").map((row) => `${row.id}:${row.number}`)),
  };
}

/**
 * Birthday and anniversary posts (another plugin publishes them): their celebrant is a mention
 * without points, which colleagues amplify with points where the type's ampsEnabled is on.
 */
const CELEBRATIONS = new Set(["birthday", "anniversary"]);

/** A post's body as its kind's component draws it: its text, hashtags drawn as text, picture, video, link and GIF. */
function postBody(access: FeedAccess, item: ItemRow, page: SharedPage) {
  const media = page.media.get(item.id);
  return {
    text: item.text ?? "",
    unlinkedTags: page.unlinkedTags.get(item.id) ?? [],
    picture: media ? pictureOf(media) : null,
    video: media ? videoOf(media) : null,
    link: media ? toLinkPreview(media, access.siteHost) : null,
    gif: gifOf(item),
  };
}

/** One item as this viewer sees it: the shared page's rows, the viewer's own, and what the viewer may do. */
function toFeedPost(
  access: FeedAccess,
  item: ItemRow,
  page: SharedPage,
  own: Awaited<ReturnType<typeof viewerRows>>,
  counts: readonly ReactionCount[],
  actions: readonly FeedItemAction[],
): FeedPost {
  const { viewer } = access;
  const me = viewer.employee.id;
  const anyReaction = enabledReactions(access.options).length > 0;
  const canGive = viewer.employee.permissions.canGiveDiscretionaryPoints;
  const type = postTypeOf(access.options, item.kind);
  const status = (item.status ?? "PUBLISHED") as SocialStatus;
  const reportedByViewer = own.reported.has(`${item.id}:0`);
  const flagged = status === "FLAGGED" || reportedByViewer;
  const mine = item.author_id === me;
  const celebration = CELEBRATIONS.has(item.kind);
  const itsMentions = page.mentions
    .filter((row) => row.post_id === item.id)
    .map((row) => ({
      id: row.mention_id,
      person: toPersonShown(row),
      points: row.points,
      groupNames: row.group_names,
      ampPoints: row.amp_points ?? 0,
      amplifiable: (row.points !== null || celebration) && row.id !== me && row.id !== item.author_id && !own.amped.has(row.mention_id),
    }));
  const hasPoints = itsMentions.some((mention) => mention.points !== null);
  const ampsAllowed = celebration ? type.ampsEnabled : type.ampsEnabled || item.allow_amplify === true;
  const itsReactions = counts.filter((row) => row.post_id === item.id);
  const itsComments = page.comments.filter((row) => row.post_id === item.id);
  return {
    id: item.id,
    kind: item.kind,
    foreignId: item.foreign_id,
    // A post's text is its body, drawn by its kind's component like any published item's data.
    data:
      item.kind === USER_POST_KIND
        ? postBody(access, item, page)
        : item.data,
    created: item.created_at.toISOString(),
    edited: item.edited_at !== null,
    author:
      item.author_id !== null && item.author_display_name !== null
        ? toPersonShown({
            id: item.author_id,
            display_name: item.author_display_name,
            first_name: item.author_first_name ?? "",
            last_name: item.author_last_name ?? "",
            avatar_asset_id: item.author_avatar_asset_id,
          })
        : null,
    status,
    underReview: flagged,
    mine,
    mentions: itsMentions,
    hashtags: page.hashtags.filter((row) => row.post_id === item.id).map(({ tag, name }) => ({ tag, name, linked: !page.bannedTags.has(tag) })),
    reactions: {
      counts: Object.fromEntries(itsReactions.map((row) => [row.reaction_type, row.count])),
      total: itsReactions.reduce((sum, row) => sum + row.count, 0),
      viewer: own.reactions.get(item.id) ?? null,
    },
    comments: itsComments.map((row) => ({
      id: row.comment_id,
      text: row.text,
      author: toPersonShown(row),
      created: row.created_at.toISOString(),
      edited: row.edited_at !== null,
      status: row.status,
      underReview: row.status === "FLAGGED" || own.reported.has(`${item.id}:${row.comment_id}`),
      mine: row.id === me,
      canReport: row.id !== me && row.status !== "DENIED",
    })),
    commentCount: itsComments[0]?.total ?? 0,
    viewerComment: own.comments.get(item.id) ?? null,
    canAddLike: access.canRespond && !flagged && type.likesEnabled && anyReaction,
    canAddComment: access.canRespond && !flagged && type.commentsEnabled,
    canAmplify: canGive && !flagged && !mine && ampsAllowed && itsMentions.some((mention) => mention.amplifiable),
    canEdit: mine && !flagged && item.kind === USER_POST_KIND && !hasPoints,
    canDelete: mine && item.kind === USER_POST_KIND,
    canReport: !mine && item.kind === USER_POST_KIND && (status === "PUBLISHED" || status === "APPROVED") && !reportedByViewer,
    canRemove: access.canModerate && item.kind === USER_POST_KIND,
    canRemoveComments: access.canModerate,
    pinned: item.pinned_until !== null && item.pinned_until.getTime() > Date.now(),
    actions: actions
      .filter((action) => action.appliesTo?.({ kind: item.kind, mine }) ?? true)
      .map((action) => ({ label: action.label, href: action.href({ id: item.id, kind: item.kind, foreignId: item.foreign_id }) })),
  };
}

/** An item as a moderator looks at it (the spec's view screens): everything it says, held or removed, and nothing to do on it. */
export function asModeratorSees(post: FeedPost): FeedPost {
  const none = { canAddLike: false, canAddComment: false, canAmplify: false, canEdit: false, canDelete: false, canReport: false, canRemove: false, canRemoveComments: false };
  return { ...post, ...none, underReview: false, actions: [], comments: post.comments.map((comment) => ({ ...comment, underReview: false, mine: false, canReport: false })) };
}
