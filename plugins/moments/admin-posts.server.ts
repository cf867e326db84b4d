import { sql } from "kysely";
import { z } from "zod";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { defineJob } from "~/modules/jobs/job";
import { notify } from "~/modules/notifications/delivery.server";
import { hasPermissionSql } from "~/modules/employees/service.server";
import { pointsSummary } from "~/modules/points/ledger.server";
import { publishToFeed } from "~/modules/publications/publish.server";
import { recipientsByIds } from "~/modules/recognition/recipients.server";
import type { AppServices } from "~/modules/services.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { ADMIN_POST_KIND } from "./admin-posts";
import { deleteFeedItem, payPointsMention } from "./posts.server";
import { publishMentionsToWalls } from "./wall-mentions.server";
import type { AdminPostAudience, AdminPostState } from "./schema";

/** What an admin post says and whom it reaches, when it is published and how long it stays on top. */
export interface AdminPostInput {
  title: string;
  showTitle: boolean;
  text: string;
  audience: AdminPostAudience;
  segmentId: number | null;
  groupIds: number[];
  activatesOn: Date;
  pinnedUntil: Date | null;
  /** The people it mentions and the points each is to be given; null leaves them as they are (a published post's were given). */
  mentions: { ids: number[]; pointsEach: number | null } | null;
}

/** The feed item's data: what its card draws. */
function shown(post: { title: string; show_title: boolean; text: string }) {
  return { title: post.title, showTitle: post.show_title, text: post.text };
}

function columns(input: AdminPostInput) {
  return {
    title: input.title,
    show_title: input.showTitle,
    text: input.text,
    audience: input.audience,
    segment_id: input.audience === "SEGMENT" ? input.segmentId : null,
    group_ids: JSON.stringify(input.audience === "GROUPS" ? input.groupIds : []),
    pinned_until: input.pinnedUntil,
    ...(input.mentions ? { mention_ids: JSON.stringify(input.mentions.ids), points_each: input.mentions.pointsEach } : {}),
  };
}

/** What publishing a post reads of it. */
const publishedColumns = ["id", "title", "show_title", "text", "author_id", "mention_ids", "points_each"] as const;
type PublishedPost = { id: number; title: string; show_title: boolean; text: string; author_id: number | null; mention_ids: number[]; points_each: number | null };

/**
 * Who a post being published mentions, and the points each is given: its active people who do
 * not hide from the feed, never its writer; points to those who use points, from the writer's
 * points to give while the writer may still give them and has them (a scheduled post's writer
 * may have given them away since: those mentioned then get none, and the writer is told).
 */
async function mentionsAtPublication(tx: ProgramDb, post: PublishedPost) {
  const people = [...(await recipientsByIds(tx, post.mention_ids)).values()].filter((person) => !person.hidden && person.id !== post.author_id);
  const writer =
    post.author_id === null
      ? null
      : await tx.selectFrom("employee").select(["id", "display_name", hasPermissionSql("canGiveDiscretionaryPoints", false).as("gives")]).where("id", "=", post.author_id).where("active", "=", true).executeTakeFirst();
  let available = post.points_each !== null && writer?.gives ? (await pointsSummary(tx, writer.id)).discretionaryPointsAvailable : 0;
  const unpaid: string[] = [];
  const mentions = people.map((person) => {
    const owed = post.points_each !== null && person.usesPoints ? post.points_each : null;
    if (owed === null) return { employeeId: person.id, points: null };
    if (owed > available) {
      unpaid.push(person.displayName);
      return { employeeId: person.id, points: null };
    }
    available -= owed;
    return { employeeId: person.id, points: owed };
  });
  return { writer: writer ?? null, mentions, unpaid };
}

function excerpt(title: string) {
  return title.length > 80 ? `${title.slice(0, 79)}…` : title;
}

/**
 * Publishes a scheduled post now, in `tx`: its feed item with its mentions (once, by its id),
 * the mentions' points moved through the ledger from its writer, the people it mentions told;
 * then its state.
 */
async function publish(app: AppServices, tenant: Tenant, tx: ProgramDb, post: PublishedPost) {
  const foreignId = String(post.id);
  const { writer, mentions, unpaid } = await mentionsAtPublication(tx, post);
  const published = await publishToFeed(app.registry, tenant.config, tx, { kind: ADMIN_POST_KIND, foreignId, authorId: null, data: shown(post), mentions });
  const itemId = published ?? (await tx.selectFrom("feed_item").select("id").where("kind", "=", ADMIN_POST_KIND).where("foreign_id", "=", foreignId).executeTakeFirstOrThrow()).id;
  if (published !== null) {
    await giveMentions(app, tenant, tx, { itemId, title: post.title, writer, mentions, unpaid });
    await publishMentionsToWalls(app.registry, tx, { id: itemId, from: writer?.display_name ?? tenant.config.name, text: post.title }, mentions);
  }
  await tx.updateTable("admin_post").set({ state: "PUBLISHED", feed_item_id: itemId, updated_at: new Date() }).where("id", "=", post.id).execute();
}

/** Pays a published admin post's points mentions from its writer, tells whom it mentions, and tells its writer of points it could not give. */
async function giveMentions(
  app: AppServices,
  tenant: Tenant,
  tx: ProgramDb,
  { itemId, title, writer, mentions, unpaid }: { itemId: number; title: string; writer: { id: number; display_name: string } | null; mentions: { employeeId: number; points: number | null }[]; unpaid: string[] },
) {
  const link = `/post/${itemId}`;
  const from = writer?.display_name ?? tenant.config.name;
  for (const mention of mentions) {
    if (mention.points === null || writer === null) continue;
    const giver = { id: writer.id, displayName: writer.display_name };
    await payPointsMention(tx, `moments:admin-mention:${itemId}:${mention.employeeId}`, { postId: itemId, giver, employeeId: mention.employeeId, points: mention.points });
    const message = `${from} gave you ${mention.points.toLocaleString("en-US")} points in an announcement: ${excerpt(title)}`;
    await notify(app, tenant, tx, [mention.employeeId], { type: "MOMENTS_MENTION", message, link }, `moments:admin-points-mention:${itemId}:${mention.employeeId}`);
  }
  const plain = mentions.filter((mention) => mention.points === null).map((mention) => mention.employeeId);
  if (plain.length > 0) {
    await notify(app, tenant, tx, plain, { type: "MOMENTS_MENTION", message: `${from} mentioned you in an announcement: ${excerpt(title)}`, link }, `moments:admin-mention:${itemId}`);
  }
  if (unpaid.length > 0 && writer !== null) {
    const message = `Your admin post "${excerpt(title)}" was published. Its points for ${unpaid.join(", ")} were not given: you no longer had them to give.`;
    await notify(app, tenant, tx, [writer.id], { type: "MOMENTS_MENTION", message, link }, `moments:admin-unpaid:${itemId}`);
  }
}

/** Publishes it now when its time has come, or has the job do it then (a job per post and time, so a changed time gets its own). */
async function publishOrSchedule(app: AppServices, tenant: Tenant, tx: ProgramDb, post: PublishedPost & { activates_on: Date }, now: Date) {
  if (post.activates_on <= now) return publish(app, tenant, tx, post);
  await app.jobs.enqueue(tx, publishAdminPostJob, { postId: post.id }, { key: `${post.id}:${post.activates_on.getTime()}`, runAt: post.activates_on });
}

/** Writes an admin post and publishes or schedules it; a second submission of the same form (`key`) is a no-op that returns the first post. */
export async function createAdminPost(app: AppServices, tenant: Tenant, db: ProgramDb, authorId: number, input: AdminPostInput, key: string | null = null, now = new Date()) {
  return db.transaction(async (tx) => {
    const post = await tx
      .insertInto("admin_post", { ...columns(input), author_id: authorId, activates_on: input.activatesOn, form_key: key })
      .onConflict((c) => c.columns(["program_id", "form_key"]).doNothing())
      .returning([...publishedColumns, "activates_on"])
      .executeTakeFirst();
    if (!post) return (await tx.selectFrom("admin_post").select("id").where("form_key", "=", key).executeTakeFirstOrThrow()).id;
    await publishOrSchedule(app, tenant, tx, post, now);
    return post.id;
  });
}

/**
 * Changes an admin post: everything while it is scheduled (a new time gets its job; the old
 * job then finds nothing due), all but its time once published (its card changes in the feed).
 * False when it was withdrawn meanwhile, or is not this program's.
 */
export async function updateAdminPost(app: AppServices, tenant: Tenant, db: ProgramDb, id: number, input: AdminPostInput, now = new Date()) {
  return db.transaction(async (tx) => {
    const current = await tx.selectFrom("admin_post").select(["state", "feed_item_id"]).where("id", "=", id).where("state", "!=", "WITHDRAWN").forUpdate().executeTakeFirst();
    if (!current) return false;
    const scheduled = current.state === "SCHEDULED";
    const post = await tx
      .updateTable("admin_post")
      .set({ ...columns(input), ...(scheduled ? { activates_on: input.activatesOn } : {}), updated_at: now })
      .where("id", "=", id)
      .returning([...publishedColumns, "activates_on"])
      .executeTakeFirstOrThrow();
    if (scheduled) await publishOrSchedule(app, tenant, tx, post, now);
    else if (current.feed_item_id !== null) await tx.updateTable("feed_item").set({ data: JSON.stringify(shown(post)) }).where("id", "=", current.feed_item_id).execute();
    return true;
  });
}

/** Withdraws a scheduled post, or takes a published one off the feed (with its reactions and comments); false when it was withdrawn already. */
export async function withdrawAdminPost(db: ProgramDb, timeZone: string, id: number) {
  return db.transaction(async (tx) => {
    const withdrawn = await tx
      .updateTable("admin_post")
      .set({ state: "WITHDRAWN", updated_at: new Date() })
      .where("id", "=", id)
      .where("state", "!=", "WITHDRAWN")
      .returning("feed_item_id")
      .executeTakeFirst();
    if (!withdrawn) return false;
    if (withdrawn.feed_item_id !== null) await deleteFeedItem(tx, timeZone, { id: withdrawn.feed_item_id, kind: ADMIN_POST_KIND });
    return true;
  });
}

/** Publishes the post if it is still scheduled and its time has come: a job run twice, or late, publishes it once. */
export async function publishDueAdminPost(app: AppServices, tenant: Tenant, db: ProgramDb, id: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const post = await tx
      .selectFrom("admin_post")
      .select(publishedColumns)
      .where("id", "=", id)
      .where("state", "=", "SCHEDULED")
      .where("activates_on", "<=", now)
      .forUpdate()
      .executeTakeFirst();
    if (!post) return false;
    await publish(app, tenant, tx, post);
    return true;
  });
}

export const publishAdminPostJob = defineJob({
  name: "moments.publish-admin-post",
  data: z.object({ postId: z.number().int().positive() }),
  async run({ app, tenant, db, data, log }) {
    if (await publishDueAdminPost(app, tenant, db, data.postId)) log.info({ event: "admin_post_published", postId: data.postId }, "admin post published");
  },
});

const ADMIN_POSTS_LISTED = 200;

/** The program's admin posts, newest first, as the admin list shows them. */
export async function adminPostList(db: ProgramDb) {
  const rows = await db
    .selectFrom("admin_post")
    .leftJoin("employee as author", "author.id", "admin_post.author_id")
    .leftJoin("segment", "segment.id", "admin_post.segment_id")
    .select([
      "admin_post.id",
      "admin_post.title",
      "admin_post.state",
      "admin_post.audience",
      "admin_post.group_ids",
      "admin_post.activates_on",
      "admin_post.pinned_until",
      "admin_post.feed_item_id",
      "author.display_name as author",
      "segment.name as segment",
    ])
    .orderBy("admin_post.id", "desc")
    .limit(ADMIN_POSTS_LISTED)
    .execute();
  const groupNames = await namesOfGroups(db, rows.flatMap((row) => row.group_ids));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    state: row.state as AdminPostState,
    audience: audienceWords(row.audience, row.segment, row.group_ids.map((groupId) => groupNames.get(groupId) ?? "")),
    activatesOn: row.activates_on.toISOString(),
    pinnedUntil: row.pinned_until?.toISOString() ?? null,
    feedItemId: row.feed_item_id,
    author: row.author ?? "",
  }));
}

async function namesOfGroups(db: ProgramDb, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const groups = await db.selectFrom("employee_group").select(["id", "name"]).where("id", "in", [...new Set(ids)]).execute();
  return new Map(groups.map((group) => [group.id, group.name]));
}

function audienceWords(audience: AdminPostAudience, segment: string | null, groups: string[]) {
  if (audience === "SEGMENT") return `Segment: ${segment ?? "(deleted)"}`;
  if (audience === "GROUPS") return `Groups: ${groups.filter(Boolean).join(", ") || "(deleted)"}`;
  return "All Staff";
}

/** One admin post as its edit form starts, or null when it is not this program's. */
export async function adminPost(db: ProgramDb, id: number) {
  const row = await db.selectFrom("admin_post").selectAll().where("id", "=", id).executeTakeFirst();
  return row ?? null;
}

/** The segments and groups an admin post may be addressed to. */
export async function audienceOptions(db: ProgramDb) {
  const [segments, groups] = await Promise.all([
    db.selectFrom("segment").select(["id", "name"]).where("enabled", "=", true).orderBy("name").execute(),
    db.selectFrom("employee_group").select(["id", "name"]).orderBy("name").execute(),
  ]);
  return { segments, groups };
}

/** The segments and groups a person belongs to: whom an addressed admin post reaches. */
export async function membershipsOf(db: ProgramDb, employeeId: number) {
  const rows = await db
    .selectFrom("employee_segment")
    .select([sql<string>`'segment'`.as("kind"), "segment_id as id"])
    .where("employee_id", "=", employeeId)
    .unionAll(db.selectFrom("employee_group_member").select([sql<string>`'group'`.as("kind"), "group_id as id"]).where("employee_id", "=", employeeId))
    .execute();
  return {
    segments: new Set(rows.filter((row) => row.kind === "segment").map((row) => row.id)),
    groups: new Set(rows.filter((row) => row.kind === "group").map((row) => row.id)),
  };
}

/**
 * An admin post's mentions as its edit page shows them: the addresses of those it is to mention
 * (the form's field while it is scheduled), and whom it mentioned with the points given (once published).
 */
export async function mentionsOfAdminPost(db: ProgramDb, post: { mention_ids: number[]; feed_item_id: number | null }) {
  const [addresses, given] = await Promise.all([
    post.mention_ids.length === 0 ? [] : db.selectFrom("employee").select("email").where("id", "in", post.mention_ids).where("email", "is not", null).orderBy("display_name").execute(),
    post.feed_item_id === null
      ? []
      : db
          .selectFrom("post_mention")
          .innerJoin("employee", "employee.id", "post_mention.employee_id")
          .select(["employee.display_name", "post_mention.points"])
          .where("post_mention.post_id", "=", post.feed_item_id)
          .orderBy("post_mention.id")
          .execute(),
  ]);
  return {
    addresses: addresses.map((row) => row.email).join(", "),
    given: given.map((row) => (row.points === null ? row.display_name : `${row.display_name} (${row.points.toLocaleString("en-US")} points)`)),
  };
}
