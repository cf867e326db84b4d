import type { AppServices } from "~/modules/services.server";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { activitiesOnItem, countActivity } from "./leaderboard.server";
import { notify } from "~/modules/notifications/delivery.server";
import { transfer } from "~/modules/points/ledger.server";
import { publishToFeed } from "~/modules/publications/publish.server";
import type { Tenant } from "~/modules/tenants/tenant";
import type { PostInput } from "./composer.server";
import { hashtagKey } from "./hashtags";
import { publishMentionsToWalls, removeMentionsFromWalls } from "./wall-mentions.server";

export const USER_POST_KIND = "userGenerated";
const POINTS_MENTION_KIND = "POINTS_MENTION";

interface Author {
  id: number;
  displayName: string;
}

function excerpt(text: string) {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

async function saveHashtags(tx: ProgramDb, postId: number, hashtags: readonly string[]) {
  const unique = new Map(hashtags.map((name) => [hashtagKey(name), name]));
  if (unique.size === 0) return;
  await tx
    .insertInto("post_hashtag", [...unique].map(([tag, name]) => ({ post_id: postId, tag, name })))
    .onConflict((c) => c.columns(["program_id", "post_id", "tag"]).doNothing())
    .execute();
}

/** A post's attachment as its row keeps it: a picture with its description, a video, a link's preview, or a GIF with its title. */
function attachmentColumns(input: PostInput) {
  return {
    image_asset_id: input.picture?.id ?? null,
    image_alt: input.picture?.alt ?? "",
    video_asset_id: input.video,
    link_preview_id: input.link,
    gif_id: input.gif?.id ?? null,
    gif_title: input.gif?.title ?? "",
  };
}

/**
 * Posts to the feed, in one transaction: the feed item, the post, its mentions
 * and hashtags, and each points mention's points moved through the ledger from
 * the author's points to give to the recipient's points to spend. The post's
 * key makes a second submission of the same form a no-op (it returns the first
 * post); a ledger short of points rolls the whole post back (InsufficientPoints).
 */
export async function createPost(app: AppServices, tenant: Tenant, db: ProgramDb, author: Author, input: PostInput) {
  return db.transaction(async (tx) => {
    const id = await publishToFeed(app.registry, tenant.config, tx, { kind: USER_POST_KIND, foreignId: input.key, authorId: author.id, data: {} });
    if (id === null) {
      const existing = await tx.selectFrom("feed_item").select("id").where("kind", "=", USER_POST_KIND).where("foreign_id", "=", input.key).executeTakeFirstOrThrow();
      return { id: existing.id, created: false };
    }
    await tx.insertInto("post", { id, text: input.text, ...attachmentColumns(input) }).execute();
    await countActivity(tx, tenant.config.program.timeZone, [{ employeeId: author.id, at: new Date(), delta: 1 }]);
    await saveHashtags(tx, id, input.hashtags);
    if (input.mentions.length > 0) {
      const mentions = await tx
        .insertInto(
          "post_mention",
          input.mentions.map((mention) => ({ post_id: id, employee_id: mention.employeeId, points: mention.points, group_names: JSON.stringify(mention.groupNames) })),
        )
        .returning(["id", "employee_id", "points"])
        .execute();
      for (const mention of mentions) {
        if (mention.points !== null) await payPointsMention(tx, `moments:mention:${mention.id}`, { postId: id, giver: author, employeeId: mention.employee_id, points: mention.points });
      }
      const link = `/post/${id}`;
      const plain = mentions.filter((mention) => mention.points === null).map((mention) => mention.employee_id);
      const pointed = mentions.filter((mention) => mention.points !== null);
      if (plain.length > 0) {
        await notify(app, tenant, tx, plain, { type: "MOMENTS_MENTION", message: `${author.displayName} mentioned you in a post: ${excerpt(input.text)}`, link }, `moments:mention:${id}`);
      }
      for (const mention of pointed) {
        await notify(
          app,
          tenant,
          tx,
          [mention.employee_id],
          { type: "MOMENTS_MENTION", message: `${author.displayName} gave you ${mention.points!.toLocaleString("en-US")} points in a post: ${excerpt(input.text)}`, link },
          `moments:points-mention:${mention.id}`,
        );
      }
      await notifyManagers(app, tenant, tx, author, id, mentions.map((mention) => mention.employee_id));
      await publishMentionsToWalls(app.registry, tx, { id, from: author.displayName, text: input.text }, mentions.map((mention) => ({ employeeId: mention.employee_id, points: mention.points })));
    }
    return { id, created: true };
  });
}

/** Moves a points mention's points from its giver's points to give to its person's points to spend, once per `key`. */
export async function payPointsMention(tx: ProgramDb, key: string, mention: { postId: number; giver: Author; employeeId: number; points: number }) {
  await transfer(tx, {
    idempotencyKey: key,
    kind: POINTS_MENTION_KIND,
    amount: mention.points,
    reason: `Points mention from ${mention.giver.displayName}`,
    reference: `post:${mention.postId}`,
    actorId: mention.giver.id,
    from: { kind: "DISCRETIONARY", employeeId: mention.giver.id },
    to: { kind: "SHOPPING", employeeId: mention.employeeId },
  });
}

/**
 * Managers hear of their reports' posts and of mentions of their reports (the
 * Manager group's types): one notification per manager, however many of their
 * reports a post names.
 */
async function notifyManagers(app: AppServices, tenant: Tenant, tx: ProgramDb, author: Author, postId: number, mentioned: readonly number[]) {
  const people = await tx.selectFrom("employee").select(["id", "parent_employee_id", "display_name"]).where("id", "in", [author.id, ...mentioned]).execute();
  const link = `/post/${postId}`;
  const authorsManager = people.find((person) => person.id === author.id)?.parent_employee_id ?? null;
  if (authorsManager !== null) {
    await notify(app, tenant, tx, [authorsManager], { type: "MOMENTS_DOWNLINE_POST", message: `${author.displayName}, who reports to you, posted on the feed.`, link }, `moments:downline-post:${postId}`);
  }
  const reportsOf = new Map<number, string[]>();
  for (const person of people.filter((p) => mentioned.includes(p.id) && p.parent_employee_id !== null && p.parent_employee_id !== author.id)) {
    reportsOf.set(person.parent_employee_id!, [...(reportsOf.get(person.parent_employee_id!) ?? []), person.display_name]);
  }
  for (const [managerId, names] of reportsOf) {
    const message =
      names.length === 1 ? `${names[0]}, who reports to you, was mentioned by ${author.displayName}.` : `${names.length} people who report to you were mentioned by ${author.displayName}.`;
    await notify(app, tenant, tx, [managerId], { type: "MOMENTS_DOWNLINE_MENTION", message, link }, `moments:downline-mention:${postId}:${managerId}`);
  }
}

/** The author's own post, as the composer edits it: null when it is not theirs, has points mentions, or is not a post. */
export async function editablePost(db: ProgramDb, postId: number, authorId: number) {
  const post = await db
    .selectFrom("post")
    .innerJoin("feed_item", "feed_item.id", "post.id")
    .select(["post.id", "post.text", "post.status", "post.image_asset_id", "post.image_alt", "post.video_asset_id", "post.link_preview_id", "post.gif_id", "post.gif_title"])
    .where("post.id", "=", postId)
    .where("feed_item.author_id", "=", authorId)
    .where("post.status", "!=", "DENIED")
    .executeTakeFirst();
  if (!post) return null;
  const [mentions, hashtags] = await Promise.all([
    db.selectFrom("post_mention").select(["employee_id", "points"]).where("post_id", "=", postId).orderBy("id").execute(),
    db.selectFrom("post_hashtag").select("name").where("post_id", "=", postId).orderBy("created_at").orderBy("tag").execute(),
  ]);
  if (mentions.some((mention) => mention.points !== null)) return null;
  return {
    id: post.id,
    text: post.text,
    mentions: mentions.map((mention) => mention.employee_id),
    hashtags: hashtags.map((row) => row.name),
    picture: post.image_asset_id ? { id: post.image_asset_id, alt: post.image_alt } : null,
    video: post.video_asset_id,
    link: post.link_preview_id,
    gif: post.gif_id ? { id: post.gif_id, title: post.gif_title } : null,
  };
}

/** Replaces an editable post's text, mentions and hashtags; false when the post is not (or no longer) editable by this author. */
export async function editPost(app: AppServices, tenant: Tenant, db: ProgramDb, author: Author, input: PostInput & { editing: number }) {
  return db.transaction(async (tx) => {
    const post = await editablePost(tx, input.editing, author.id);
    if (!post) return false;
    await tx
      .updateTable("post")
      .set({ text: input.text, ...attachmentColumns(input), edited_at: new Date() })
      .where("id", "=", post.id)
      .execute();
    await tx.deleteFrom("post_hashtag").where("post_id", "=", post.id).execute();
    await saveHashtags(tx, post.id, input.hashtags);
    const kept = input.mentions.map((mention) => mention.employeeId);
    await removeMentionsFromWalls(tx, post.id, post.mentions.filter((employeeId) => !kept.includes(employeeId)));
    await tx
      .deleteFrom("post_mention")
      .where("post_id", "=", post.id)
      .$if(kept.length > 0, (query) => query.where("employee_id", "not in", kept))
      .execute();
    const added = input.mentions.filter((mention) => !post.mentions.includes(mention.employeeId));
    if (added.length > 0) {
      await tx
        .insertInto("post_mention", added.map((mention) => ({ post_id: post.id, employee_id: mention.employeeId, points: null, group_names: JSON.stringify(mention.groupNames) })))
        .execute();
      await notify(app, tenant, tx, added.map((mention) => mention.employeeId), { type: "MOMENTS_MENTION", message: `${author.displayName} mentioned you in a post: ${excerpt(input.text)}`, link: `/post/${post.id}` }, `moments:mention:${post.id}:edit:${Date.now()}`);
      await publishMentionsToWalls(app.registry, tx, { id: post.id, from: author.displayName, text: input.text }, added.map((mention) => ({ employeeId: mention.employeeId, points: null })));
    }
    return true;
  });
}

/** Deletes the author's own post (its feed item, and with it everything hanging off it, scores included); points given stay given. */
export async function deletePost(db: ProgramDb, timeZone: string, postId: number, authorId: number) {
  return db.transaction((tx) => deleteFeedItem(tx, timeZone, { id: postId, kind: USER_POST_KIND, authorId }));
}

/** Deletes a feed item of `kind` (by `authorId`, when given) and, by cascade, what was done on it, taking those off the leaderboard; false when there is no such item. */
export async function deleteFeedItem(tx: ProgramDb, timeZone: string, item: { id: number; kind: string; authorId?: number }) {
  const activities = await activitiesOnItem(tx, item.id);
  const deleted = await tx
    .deleteFrom("feed_item")
    .where("id", "=", item.id)
    .where("kind", "=", item.kind)
    .$if(item.authorId !== undefined, (query) => query.where("author_id", "=", item.authorId!))
    .executeTakeFirst();
  if (deleted.numDeletedRows === 0n) return false;
  await removeMentionsFromWalls(tx, item.id);
  await countActivity(tx, timeZone, activities);
  return true;
}
