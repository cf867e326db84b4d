import { sql } from "kysely";
import { z } from "zod";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { defineJob } from "~/modules/jobs/job";
import { publishToFeed } from "~/modules/publications/publish.server";
import type { AppServices } from "~/modules/services.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { ADMIN_POST_KIND } from "./admin-posts";
import { deleteFeedItem } from "./posts.server";
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
  };
}

type Services = Pick<AppServices, "registry" | "jobs">;

/** Publishes a scheduled post now, in `tx`: its feed item (once, by its id), then its state. */
async function publish(app: Services, tenant: Tenant, tx: ProgramDb, post: { id: number; title: string; show_title: boolean; text: string }) {
  const foreignId = String(post.id);
  const itemId =
    (await publishToFeed(app.registry, tenant.config, tx, { kind: ADMIN_POST_KIND, foreignId, authorId: null, data: shown(post) })) ??
    (await tx.selectFrom("feed_item").select("id").where("kind", "=", ADMIN_POST_KIND).where("foreign_id", "=", foreignId).executeTakeFirstOrThrow()).id;
  await tx.updateTable("admin_post").set({ state: "PUBLISHED", feed_item_id: itemId, updated_at: new Date() }).where("id", "=", post.id).execute();
}

/** Publishes it now when its time has come, or has the job do it then (a job per post and time, so a changed time gets its own). */
async function publishOrSchedule(app: Services, tenant: Tenant, tx: ProgramDb, post: { id: number; title: string; show_title: boolean; text: string; activates_on: Date }, now: Date) {
  if (post.activates_on <= now) return publish(app, tenant, tx, post);
  await app.jobs.enqueue(tx, publishAdminPostJob, { postId: post.id }, { key: `${post.id}:${post.activates_on.getTime()}`, runAt: post.activates_on });
}

/** Writes an admin post and publishes or schedules it; a second submission of the same form (`key`) is a no-op that returns the first post. */
export async function createAdminPost(app: Services, tenant: Tenant, db: ProgramDb, authorId: number, input: AdminPostInput, key: string | null = null, now = new Date()) {
  return db.transaction(async (tx) => {
    const post = await tx
      .insertInto("admin_post", { ...columns(input), author_id: authorId, activates_on: input.activatesOn, form_key: key })
      .onConflict((c) => c.columns(["program_id", "form_key"]).doNothing())
      .returning(["id", "title", "show_title", "text", "activates_on"])
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
export async function updateAdminPost(app: Services, tenant: Tenant, db: ProgramDb, id: number, input: AdminPostInput, now = new Date()) {
  return db.transaction(async (tx) => {
    const current = await tx.selectFrom("admin_post").select(["state", "feed_item_id"]).where("id", "=", id).where("state", "!=", "WITHDRAWN").forUpdate().executeTakeFirst();
    if (!current) return false;
    const scheduled = current.state === "SCHEDULED";
    const post = await tx
      .updateTable("admin_post")
      .set({ ...columns(input), ...(scheduled ? { activates_on: input.activatesOn } : {}), updated_at: now })
      .where("id", "=", id)
      .returning(["id", "title", "show_title", "text", "activates_on"])
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
export async function publishDueAdminPost(app: Services, tenant: Tenant, db: ProgramDb, id: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const post = await tx
      .selectFrom("admin_post")
      .select(["id", "title", "show_title", "text"])
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
